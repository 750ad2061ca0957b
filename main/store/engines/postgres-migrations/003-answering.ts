// Who is answering which reservation right now, PostgreSQL's alone: a desk on its own file has
// nobody else to tell. A notice, not a lock, so no foreign key: a row may outlive its reservation for the
// seconds until it expires. `until` is on the database's clock, so the PCs' clocks never matter.
export const answering = `
CREATE TABLE answering (
  key_field text COLLATE "C" PRIMARY KEY,
  desk_id   text COLLATE "C" NOT NULL,
  desk_user text NOT NULL,
  pc_name   text NOT NULL,
  since     timestamptz NOT NULL,
  until     timestamptz NOT NULL
);
CREATE INDEX answering_by_desk ON answering (desk_id);
`;
