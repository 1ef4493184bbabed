import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTION_REFUSALS, planAction } from '../../../src/components/serverComponent/actions';
import { renderScreen } from './renderScreen';

afterEach(() => vi.restoreAllMocks());

describe('planAction', () => {
  it('reads each action type', () => {
    expect(planAction({ action: 'open-url:https://example.com/a' })).toEqual({
      kind: 'open-url',
      url: 'https://example.com/a',
    });
    expect(planAction({ action: 'open-link:/w/acme/dashboard' })).toEqual({
      kind: 'navigate',
      path: '/w/acme/dashboard',
    });
    expect(planAction({ action: 'log:clicked' })).toEqual({ kind: 'log', message: 'clicked' });
    expect(planAction({ action: 'server:submit' })).toEqual({
      kind: 'server',
      eventHandler: 'submit',
    });
  });

  it('event_handler wins over the server action target; alone it is a server action', () => {
    expect(planAction({ action: 'server:submit', event_handler: 'save' })).toEqual({
      kind: 'server',
      eventHandler: 'save',
    });
    expect(planAction({ event_handler: 'save' })).toEqual({ kind: 'server', eventHandler: 'save' });
    expect(planAction({})).toEqual({ kind: 'none' });
    expect(planAction({ action: null })).toEqual({ kind: 'none' });
  });

  it('refuses URLs that are not http(s) and paths off this site', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'ftp://x'])
      expect(planAction({ action: `open-url:${url}` })).toEqual({
        kind: 'error',
        error: ACTION_REFUSALS.url,
      });
    for (const path of ['https://evil.example', '//evil.example', '/\\evil.example', 'dashboard'])
      expect(planAction({ action: `open-link:${path}` })).toEqual({
        kind: 'error',
        error: ACTION_REFUSALS.path,
      });
    expect(planAction({ action: 'server:' })).toEqual({
      kind: 'error',
      error: ACTION_REFUSALS.noHandler,
    });
  });
});

describe('running actions', () => {
  it('a server action sends its event_handler with node attrs and named input values', () => {
    const { host } = renderScreen({
      component: 'Sections',
      sections: [
        { component: 'Input', name: 'company', label: 'Company', content: 'Acme' },
        { component: 'TextArea', name: 'idea', label: 'Idea' },
        { component: 'Input', label: 'Unnamed' },
        { component: 'Button', label: 'Send', action: 'server:submit', attrs: { step: 2 } },
      ],
    });
    fireEvent.change(screen.getByLabelText('Idea'), { target: { value: 'Drones' } });
    fireEvent.change(screen.getByLabelText('Unnamed'), { target: { value: 'ignored' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(host.sendEvent).toHaveBeenCalledWith({
      event_handler: 'submit',
      attrs: { step: 2, company: 'Acme', idea: 'Drones' },
    });
  });

  it('a removed input no longer sends its value', () => {
    const input = { component: 'Input', name: 'old', content: 'x' };
    const button = { component: 'Button', label: 'Send', event_handler: 'next' };
    const { host, showNode } = renderScreen({ component: 'Sections', sections: [input, button] });
    showNode({ component: 'Card', children: [button] });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(host.sendEvent).toHaveBeenCalledWith({ event_handler: 'next', attrs: {} });
  });

  it('a button with only an event_handler sends a server event', () => {
    const { host } = renderScreen({ component: 'Button', label: 'Next', event_handler: 'next' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(host.sendEvent).toHaveBeenCalledWith({ event_handler: 'next', attrs: {} });
  });

  it('open-link navigates in the app', () => {
    const { host } = renderScreen({
      component: 'Button',
      label: 'Dashboard',
      action: 'open-link:/w/acme/dashboard',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dashboard' }));
    expect(host.navigate).toHaveBeenCalledWith('/w/acme/dashboard');
  });

  it('open-url opens an https URL in a new tab without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen({ component: 'Button', label: 'Docs', action: 'open-url:https://example.com/' });
    fireEvent.click(screen.getByRole('button', { name: 'Docs' }));
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
  });

  it('open-url refuses javascript: with a visible error', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen({ component: 'Button', label: 'Evil', action: 'open-url:javascript:alert(1)' });
    fireEvent.click(screen.getByRole('button', { name: 'Evil' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByTestId('action-error').textContent).toBe(ACTION_REFUSALS.url);
  });

  it('log writes to the console', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderScreen({ component: 'Button', label: 'Log', action: 'log:hello' });
    fireEvent.click(screen.getByRole('button', { name: 'Log' }));
    expect(info).toHaveBeenCalledWith(expect.any(String), 'hello');
  });

  it('a topic click sends topic_clicked with the topic', () => {
    const { host } = renderScreen({ component: 'Topic', topic: 'pricing', content: 'Pricing' });
    fireEvent.click(screen.getByRole('button', { name: 'Pricing' }));
    expect(host.sendEvent).toHaveBeenCalledWith({
      event_handler: 'topic_clicked',
      attrs: { topic: 'pricing', action: 'topic_clicked' },
    });
  });

  it("a topic's own event_handler is used when given", () => {
    const { host } = renderScreen({ component: 'Topic', topic: 'ai', event_handler: 'explore' });
    fireEvent.click(screen.getByRole('button', { name: 'ai' }));
    expect(host.sendEvent).toHaveBeenCalledWith({
      event_handler: 'explore',
      attrs: { topic: 'ai', action: 'topic_clicked' },
    });
  });

  it('ChatInput sends only trimmed non-empty text and then clears', () => {
    const { host } = renderScreen({ component: 'ChatInput', placeholder: 'Say something' });
    const box = screen.getByPlaceholderText('Say something') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(host.sendEvent).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: '  hello there  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(host.sendEvent).toHaveBeenCalledWith({
      event_handler: 'chat',
      attrs: { message: 'hello there' },
    });
    expect(box.value).toBe('');
  });

  it('an option click runs its event; options are lettered in order unless they say', () => {
    const { host } = renderScreen({
      component: 'OptionList',
      title: 'Pick one',
      children: [
        { component: 'Option', label: 'Small', event_handler: 'pick', attrs: { size: 's' } },
        { component: 'Option', label: 'Large', optionLetter: 'Z' },
        { component: 'Option', label: 'Medium' },
      ],
    });
    expect(screen.getAllByTestId('option-letter').map((el) => el.textContent)).toEqual([
      'A',
      'Z',
      'C',
    ]);
    fireEvent.click(screen.getByText('Small'));
    expect(host.sendEvent).toHaveBeenCalledWith({ event_handler: 'pick', attrs: { size: 's' } });
  });
});
