import { algorithms } from './algorithms';
import { backend } from './backend';
import { behavioral } from './behavioral';
import { devops } from './devops';
import { frontend } from './frontend';
import { systemDesign } from './system-design';
import type { SeedCategory } from './types';

export type { SeedCategory, SeedQuestion, SeedSet } from './types';

/** The demo catalogue, in the order categories appear. */
export const demoCatalogue: SeedCategory[] = [
  frontend,
  backend,
  systemDesign,
  algorithms,
  devops,
  behavioral,
];
