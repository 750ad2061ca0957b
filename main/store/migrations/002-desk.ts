import type { Migration } from '../migration';

export const deskMigration: Migration = {
  version: 2,
  name: 'desk',
  up() {},
};
