// The hotel's shared PostgreSQL database: connections, the lease of who talks to the service, and
// change notification between desks, its schema's migrations, and the store's areas ported onto it (HotelStore).
export {
  clientConfig,
  describeDatabase,
  openHotelPool,
  type HotelDbConnection,
  type Queryable,
} from './pool';
export { migrateHotelDb, NewerHotelDatabase } from './migrate';
export { HotelStore, NotTalkingToService, type HotelStoreOptions } from './store';
export { hotelDatabaseChoice, type HotelDatabaseChoice } from './choice';
export { startHotelServer } from './server/keeper';
export {
  CHANGE_CHANNEL,
  ChangeFeed,
  MAX_PAYLOAD_BYTES,
  changeKinds,
  changeTables,
  decodeChange,
  encodeChange,
  notifyChange,
  type ChangeFeedOptions,
  type ChangeKind,
  type ChangeTable,
  type FeedStatus,
  type HotelChange,
} from './changes';
export {
  DEFAULT_TTL_MS,
  Lease,
  LeaseKeeper,
  LeaseLostError,
  SERVICE_LEASE,
  checkFence,
  readHolder,
  withFence,
  type LeaseHolder,
  type LeaseKeeperOptions,
  type LeaseOptions,
  type LeaseToken,
} from './lease';
export {
  ANSWERING_TTL_MS,
  AnswerPresence,
  type AnswerPresenceOptions,
  type AnsweringElsewhere,
} from './answering';
