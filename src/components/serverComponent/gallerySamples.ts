import type { ComponentName, ComponentNode } from '../../../protocol/components';

// A 1×1 PNG, so the Image sample shows without a network request.
const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * One realistic node per component, for the gallery and for the test that
 * every component renders. Keyed by ComponentName, so a new protocol name
 * without a sample is a type error.
 */
export const gallerySamples: Record<ComponentName, ComponentNode> = {
  Sections: {
    component: 'Sections',
    sections: [
      { component: 'Text', variant: 'h6', content: 'Step 1: Describe your idea' },
      { component: 'Text', content: 'A sentence or two is enough to get started.' },
      { component: 'Text', variant: 'h6', content: 'Step 2: Pick the experts' },
    ],
  },
  Columns: {
    component: 'Columns',
    columns: [
      {
        component: 'Card',
        title: 'Strengths',
        children: [{ component: 'Text', content: 'Loyal customers, a strong brand.' }],
      },
      {
        component: 'Card',
        title: 'Weaknesses',
        children: [{ component: 'Text', content: 'Long delivery times.' }],
      },
    ],
  },
  Layout: {
    component: 'Layout',
    aside_left: { component: 'Text', variant: 'subtitle2', content: 'Contents' },
    main: { component: 'Markdown', content: '## Market overview\nDemand grew **12 %** this year.' },
    aside_right: { component: 'Topic', topic: 'pricing', content: 'Pricing' },
  },
  Card: {
    component: 'Card',
    title: 'Project Aurora',
    children: [
      { component: 'Text', content: 'A solar-powered delivery drone for rural clinics.' },
      { component: 'Progress', content: 'Prototype', value: 60 },
    ],
  },
  Notebook: {
    component: 'Notebook',
    sections: [
      {
        component: 'Card',
        title: 'Problem',
        children: [{ component: 'Text', content: 'Clinics wait days for medicine.' }],
      },
      {
        component: 'Card',
        title: 'Solution',
        children: [{ component: 'Text', content: 'Drones deliver within the hour.' }],
      },
      {
        component: 'Card',
        title: 'Market',
        children: [{ component: 'Text', content: '4,000 rural clinics in the region.' }],
      },
    ],
  },
  VSpace: { component: 'VSpace', height: 24 },
  Divider: { component: 'Divider', content: 'or' },
  Text: { component: 'Text', variant: 'h5', content: 'Welcome to the idea workshop' },
  Markdown: {
    component: 'Markdown',
    content:
      '### Next steps\n1. Interview five customers\n2. Build a **paper prototype**\n\n| Week | Goal |\n|---|---|\n| 1 | Interviews |\n| 2 | Prototype |',
  },
  Html: {
    component: 'Html',
    html: '<p>Read the <a href="https://en.wikipedia.org/wiki/Business_model_canvas">business model canvas</a> article, <em>then</em> fill in yours.</p>',
  },
  Alert: {
    component: 'Alert',
    type: 'success',
    title: 'Saved',
    content: 'Your answers were saved.',
  },
  Button: {
    component: 'Button',
    label: 'Submit answers',
    action: 'server:submit_answers',
    attrs: { step: 2 },
  },
  Input: {
    component: 'Input',
    name: 'company',
    label: 'Company name',
    placeholder: 'e.g. Acme Ltd',
  },
  TextArea: {
    component: 'TextArea',
    name: 'idea',
    label: 'Your idea',
    placeholder: 'Describe the problem you solve...',
  },
  OptionList: {
    component: 'OptionList',
    title: 'Who is your first customer?',
    children: [
      { component: 'Option', label: 'Small businesses', event_handler: 'choose_segment' },
      { component: 'Option', label: 'Large enterprises', event_handler: 'choose_segment' },
      { component: 'Option', label: 'Consumers', event_handler: 'choose_segment' },
    ],
  },
  Option: {
    component: 'Option',
    optionLetter: 'A',
    label: 'Start with a free trial',
    action: 'log:trial chosen',
  },
  Topic: { component: 'Topic', topic: 'sustainability', content: 'Sustainability' },
  Image: { component: 'Image', src: PIXEL_PNG, title: 'A single pixel', height: 48 },
  Chart: {
    component: 'Chart',
    type: 'bar',
    title: 'Quarterly revenue (k€)',
    height: 260,
    data: {
      labels: ['Q1', 'Q2', 'Q3', 'Q4'],
      series: [
        { label: '2024', values: [120, 135, 160, 190] },
        { label: '2025', values: [150, 170, 185, 230] },
      ],
    },
  },
  ChatInput: { component: 'ChatInput', placeholder: 'Ask the experts...' },
  Quote: { component: 'Quote' },
  Progress: { component: 'Progress', content: 'Analysing answers', value: 42 },
};
