// Every operation of the exchange interface, by method and lower-case path.
import { acknowledgeOperation } from './operations/acknowledge';
import { sendConfirmationOperation, sendConfirmationV2Operation } from './operations/confirmation';
import { hotelSearchOperation } from './operations/hotel-search';
import { loginOperation } from './operations/login';
import {
  hotelAgenciesOperation,
  notConfirmMessagesOperation,
  stayForMappingOperation,
} from './operations/preparation';
import { checkReservationFileOperation } from './operations/reservation-file';
import { reservationListOperation } from './operations/reservation-list';
import type { Operation } from './state';

export const OPERATIONS: readonly Operation[] = [
  loginOperation,
  hotelAgenciesOperation,
  notConfirmMessagesOperation,
  stayForMappingOperation,
  reservationListOperation,
  checkReservationFileOperation,
  acknowledgeOperation,
  sendConfirmationOperation,
  sendConfirmationV2Operation,
  hotelSearchOperation,
];

export function findOperation(lowerPath: string): Operation | undefined {
  return OPERATIONS.find((operation) => operation.path === lowerPath);
}
