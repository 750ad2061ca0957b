// How long a decision's claim for sending holds, on the database's clock: until then the request it guards may
// still be on its way, so no desk (a new holder of the lease included) lists, asks about or sends that answer.
export const claimDeadline = `
ALTER TABLE decisions ADD COLUMN claim_until timestamptz;
`;
