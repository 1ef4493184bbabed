import { describe, expect, it } from 'vitest';
import {
  allProvidersDeselected,
  allProvidersSelected,
  expertSelectionToggled,
  managementOpened,
  managementSlice,
  providerSelectionToggled,
  type ManagementMode,
  type ManagementState,
} from '../../../src/features/workspaceManagement/managementSlice';
import { providersBroughtBy } from '../../../src/features/workspaceManagement/preselect';
import { cogIn } from '../../../src/ws/cogActions';

/** Experts as the server lists them, each with the tool providers it brings (issue 17). */
const EXPERTS = [
  { expert_id: 'ada', name: 'Ada', tool_providers: ['calculations'], selected: false },
  {
    expert_id: 'devon',
    name: 'Devon',
    tool_providers: ['calculations', 'date_and_time'],
    selected: false,
  },
  { expert_id: 'mike', name: 'Mike', tool_providers: ['units'], selected: false },
  { expert_id: 'plain', name: 'Plain', selected: false },
];
const PROVIDERS = ['calculations', 'date_and_time', 'web_search'].map((name) => ({
  name,
  tools: [],
  selected: name === 'web_search',
}));

const reduce = managementSlice.reducer;

function opened(mode: ManagementMode): ManagementState {
  let s = reduce(undefined, managementOpened({ workspaceId: 'ws-1', mode }));
  s = reduce(
    s,
    cogIn('workspace.expert.details.response')({
      typ: 'workspace.expert.details.response',
      content: { experts: EXPERTS },
    }),
  );
  return reduce(
    s,
    cogIn('workspace.toolprovider.details.response')({
      typ: 'workspace.toolprovider.details.response',
      content: { providers: PROVIDERS },
    }),
  );
}

describe('creating a workspace: the chosen experts bring their tool providers', () => {
  it('ticks the providers an expert brings when it is chosen, only the ones this world offers', () => {
    let s = opened('create');
    expect(s.selectedProviders).toEqual([]);
    s = reduce(s, expertSelectionToggled('ada'));
    expect(s.selectedProviders).toEqual(['calculations']);
    s = reduce(s, expertSelectionToggled('mike')); // "units" is not offered here
    s = reduce(s, expertSelectionToggled('plain'));
    expect(s.selectedProviders).toEqual(['calculations']);
    s = reduce(s, expertSelectionToggled('devon'));
    expect(s.selectedProviders).toEqual(['calculations', 'date_and_time']);
    expect(providersBroughtBy(s)).toEqual(
      new Map([
        ['calculations', ['Ada', 'Devon']],
        ['date_and_time', ['Devon']],
      ]),
    );
  });

  it('unticks what it ticked once no chosen expert brings it, and keeps what another still brings', () => {
    let s = opened('create');
    s = reduce(s, expertSelectionToggled('ada'));
    s = reduce(s, expertSelectionToggled('devon'));
    s = reduce(s, expertSelectionToggled('devon'));
    expect(s.selectedProviders).toEqual(['calculations']);
    s = reduce(s, expertSelectionToggled('ada'));
    expect(s.selectedProviders).toEqual([]);
  });

  it('leaves a provider the user unticked unticked, and one the user ticked ticked', () => {
    let s = opened('create');
    s = reduce(s, expertSelectionToggled('ada'));
    s = reduce(s, providerSelectionToggled('calculations'));
    expect(s.selectedProviders).toEqual([]);
    s = reduce(s, expertSelectionToggled('devon'));
    expect(s.selectedProviders).toEqual(['date_and_time']);
    // Ticked again by hand, it stays when the experts that bring it go.
    s = reduce(s, providerSelectionToggled('calculations'));
    s = reduce(s, expertSelectionToggled('ada'));
    s = reduce(s, expertSelectionToggled('devon'));
    expect(s.selectedProviders).toEqual(['calculations']);
  });

  it('Deselect All holds against experts chosen after it; Select All is the user’s own choice', () => {
    let s = opened('create');
    s = reduce(s, allProvidersDeselected());
    s = reduce(s, expertSelectionToggled('ada'));
    expect(s.selectedProviders).toEqual([]);
    s = reduce(s, allProvidersSelected());
    // Ada leaves: what Select All ticked stays ticked.
    s = reduce(s, expertSelectionToggled('ada'));
    expect(s.selectedExperts).toEqual([]);
    expect(s.selectedProviders).toEqual(['calculations', 'date_and_time', 'web_search']);
  });
});

describe('editing a workspace', () => {
  it('changes no provider when an expert is added: an existing workspace stays as it is', () => {
    let s = opened('edit');
    expect(s.selectedProviders).toEqual(['web_search']);
    s = reduce(s, expertSelectionToggled('ada'));
    expect(s.selectedProviders).toEqual(['web_search']);
    // The page still shows that Ada brings calculations (unticked here).
    expect(providersBroughtBy(s).get('calculations')).toEqual(['Ada']);
  });
});
