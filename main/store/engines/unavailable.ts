// The store cannot be reached: the hotel's shared database does not answer (server down, network
// gone, the keeping PC asleep). Nothing was written. Raised by the PostgreSQL runners in place of the driver's
// error, so every layer above says the same plain sentence (kernel: error.hotelDbUnreachable) and nothing
// typed is taken as saved.
export class StoreUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`the hotel database did not answer (${detail})`);
    this.name = 'StoreUnavailable';
  }
}
