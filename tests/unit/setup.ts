import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test builds its own store and fakes; only rendered DOM needs clearing between tests.
afterEach(() => cleanup());
