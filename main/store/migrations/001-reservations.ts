import type { Migration } from '../migration';

export const reservationsMigration: Migration = {
  version: 1,
  name: 'reservations',
  up() {},
};
