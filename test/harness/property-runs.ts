// How many cases a property test tries. Every run tries the size written in the test, chosen so the test finds the
// bugs it was written for in a few hundred milliseconds (the seeds of past failures are fixed cases beside it);
// RESDESK_PROPERTY_SCALE=20 npm test -- test/unit tries twenty times as many, for a night run.
const scale = Number(process.env.RESDESK_PROPERTY_SCALE) || 1;

export const propertyRuns = (runs: number): number => Math.max(1, Math.round(runs * scale));
