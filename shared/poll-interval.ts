// How often the desk asks the service for what is new: a hotel-wide setting in Settings,
// kept in the desk's own database. The bounds are what the screen and the contract accept: under 5 s a
// thin line carries polls for little gain (an arrival waits half an interval on average); over 10
// minutes a new reservation waits longer than a receptionist would guess.
/** Where the hotel's choice is kept in the desk's settings table (the app and `resdesk sync` read it). */
export const POLL_INTERVAL_KEY = 'sync.pollIntervalSeconds';

export const POLL_INTERVAL_MIN_SECONDS = 5;
export const POLL_INTERVAL_MAX_SECONDS = 600;

/** The interval in use, and the one used when the hotel has not chosen. */
export interface PollSettings {
  intervalSeconds: number;
  defaultSeconds: number;
}

export const isPollInterval = (seconds: number): boolean =>
  Number.isInteger(seconds) && seconds >= POLL_INTERVAL_MIN_SECONDS && seconds <= POLL_INTERVAL_MAX_SECONDS;
