// Every operation of the exchange interface, by method and lower-case path. The mapping operation's
// path is the one place where the dialects differ in routing: the other dialect's path has no action.
import { DIALECT_WORDS, type DialectWords, type ServiceDialect } from './dialect';
import { acknowledgeOperation } from './operations/acknowledge';
import { sendConfirmationOperation, sendConfirmationV2Operation } from './operations/confirmation';
import { hotelSearchOperation } from './operations/hotel-search';
import { loginOperation } from './operations/login';
import { mappingOperation } from './operations/mapping';
import { hotelAgenciesOperation, notConfirmMessagesOperation } from './operations/preparation';
import { checkReservationFileOperation } from './operations/reservation-file';
import { reservationListOperation } from './operations/reservation-list';
import type { Operation } from './state';

function operationsOf(words: DialectWords): readonly Operation[] {
  return [
    loginOperation,
    hotelAgenciesOperation,
    notConfirmMessagesOperation,
    mappingOperation(words),
    reservationListOperation,
    checkReservationFileOperation,
    acknowledgeOperation,
    sendConfirmationOperation,
    sendConfirmationV2Operation,
    hotelSearchOperation,
  ];
}

const OPERATIONS: Readonly<Record<ServiceDialect, readonly Operation[]>> = {
  spec: operationsOf(DIALECT_WORDS.spec),
  original: operationsOf(DIALECT_WORDS.original),
};

export function findOperation(dialect: ServiceDialect, lowerPath: string): Operation | undefined {
  return OPERATIONS[dialect].find((operation) => operation.path === lowerPath);
}
