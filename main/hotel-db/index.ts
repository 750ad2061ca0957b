// The hotel's shared PostgreSQL database (issue 27): connections, the lease of who talks to the service, and
// change notification between desks. The store's queries on PostgreSQL come later (docs/architecture.md).
export {
  clientConfig,
  describeDatabase,
  openHotelPool,
  type HotelDbConnection,
  type Queryable,
} from './pool';
export { ensureHotelDbSchema } from './schema';
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
