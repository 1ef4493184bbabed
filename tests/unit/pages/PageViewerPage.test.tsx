import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageViewerPage } from '../../../src/features/pages/PageViewerPage';
import { cogInitRegistered, cogInitUnregistered } from '../../../src/ws/cogActions';
import { renderScreen } from './pageHarness';

const APP_PAGE = '/a/:appname/p/:pagename';
const PAGE = { component: 'Text', content: "Ada's home page" };

const renderAppPage = (path = '/a/experts/p/ada-quant') =>
  renderScreen(<PageViewerPage />, path, APP_PAGE);

describe('page viewer', () => {
  it("asks for the page by app and page name on every connect and shows 'Loading...' until it arrives", () => {
    const { actions, frame, unmount } = renderAppPage();
    expect(actions.find(cogInitRegistered.match)?.payload).toEqual({
      key: 'page',
      frames: [{ typ: 'page.display', content: { appname: 'experts', pagename: 'ada-quant' } }],
    });
    expect(screen.getByText('Loading...')).toBeTruthy();
    frame('page.display', {
      appname: 'experts',
      pagename: 'ada-quant',
      status: 'ok',
      component: PAGE,
    });
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText("Ada's home page")).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe(
      '/w/innovation-lab/dashboard',
    );
    unmount();
    expect(actions.some(cogInitUnregistered.match)).toBe(true);
  });

  it('asks by path for /u1/page?path=…', () => {
    const { actions } = renderScreen(<PageViewerPage />, '/u1/page?path=/u1/demo', '/u1/page');
    expect(actions.find(cogInitRegistered.match)?.payload.frames).toEqual([
      { typ: 'page.display', content: { path: '/u1/demo' } },
    ]);
  });

  it('refuses a configuration with neither path nor app and page name, sending nothing', () => {
    const { actions } = renderScreen(<PageViewerPage />, '/u1/page', '/u1/page');
    expect(screen.getByText('Page Not Available')).toBeTruthy();
    expect(
      screen.getByText('Invalid page configuration: requires either path or appname+pagename'),
    ).toBeTruthy();
    expect(actions.some(cogInitRegistered.match)).toBe(false);
  });

  it("shows the error screen with the server's reason and a way back", () => {
    const { frame } = renderAppPage('/a/experts/p/nobody');
    frame('page.display', {
      appname: 'experts',
      pagename: 'nobody',
      status: 'error',
      error: 'Page "nobody" not found in app "experts"',
    });
    expect(screen.getByText('Page Not Available')).toBeTruthy();
    expect(screen.getByText('Page "nobody" not found in app "experts"')).toBeTruthy();
    expect(screen.getByText("The expert's homepage will be available soon.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe(
      '/w/innovation-lab/dashboard',
    );
  });

  it("ignores another page's answer", () => {
    const { frame } = renderAppPage();
    frame('page.display', {
      appname: 'experts',
      pagename: 'chrono',
      status: 'ok',
      component: PAGE,
    });
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('sends a server action as page.event with the form values, and follows the redirect', () => {
    const { frame, sent, router } = renderAppPage();
    frame('page.display', {
      appname: 'experts',
      pagename: 'ada-quant',
      status: 'ok',
      component: {
        component: 'Sections',
        sections: [
          { component: 'Input', name: 'topic', label: 'Topic' },
          { component: 'Button', label: 'Start', action: 'server:start_workspace' },
        ],
      },
    });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'VAT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(sent()).toContainEqual({
      typ: 'page.event',
      content: {
        event_handler: 'start_workspace',
        appname: 'experts',
        pagename: 'ada-quant',
        attrs: { topic: 'VAT' },
      },
    });
    expect(screen.getByLabelText('Waiting for the page')).toBeTruthy();
    frame('page.display', {
      appname: 'experts',
      pagename: 'ada-quant',
      status: 'ok',
      redirect_url: '/w/innovation-lab/workspace?id=ws-9',
    });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/w/innovation-lab/workspace?id=ws-9',
    );
  });

  it('never follows a redirect off the site', () => {
    const { frame, router } = renderAppPage();
    frame('page.display', {
      appname: 'experts',
      pagename: 'ada-quant',
      status: 'ok',
      component: PAGE,
    });
    act(() => undefined);
    frame('page.display', {
      appname: 'experts',
      pagename: 'ada-quant',
      status: 'ok',
      redirect_url: '//evil.example/phish',
    });
    expect(router.state.location.pathname).toBe('/a/experts/p/ada-quant');
  });

  it('keeps the page on screen when an event fails, with the reason above it', () => {
    const { frame } = renderAppPage();
    frame('page.display', {
      appname: 'experts',
      pagename: 'ada-quant',
      status: 'ok',
      component: PAGE,
    });
    frame('page.display', {
      appname: 'experts',
      pagename: 'ada-quant',
      status: 'error',
      error: 'Nope',
    });
    expect(screen.getByText("Ada's home page")).toBeTruthy();
    expect(screen.getByText('Nope')).toBeTruthy();
    expect(screen.queryByText('Page Not Available')).toBeNull();
  });
});

describe('page viewer by path', () => {
  it('sends events to the app and page the server answered with', () => {
    const { frame, sent } = renderScreen(<PageViewerPage />, '/u1/page?path=/u1/demo', '/u1/page');
    frame('page.display', {
      appname: 'emgen-pages',
      pagename: 'demo',
      path: '/u1/demo',
      status: 'ok',
      component: { component: 'ChatInput', placeholder: 'Ask' },
    });
    fireEvent.change(screen.getByPlaceholderText('Ask'), { target: { value: '2+2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent()).toContainEqual({
      typ: 'page.event',
      content: {
        event_handler: 'chat',
        appname: 'emgen-pages',
        pagename: 'demo',
        attrs: { message: '2+2' },
      },
    });
  });
});
