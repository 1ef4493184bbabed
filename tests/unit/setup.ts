import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The page's translation instance, as main.tsx has it: English, the keys' own text.
import '../../src/i18n/i18n';

// Each test builds its own store and fakes; only rendered DOM needs clearing between tests.
afterEach(() => cleanup());
