#!/usr/bin/env node
// The helper ships as TypeScript source; tsx compiles it on load so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
