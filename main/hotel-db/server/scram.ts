// The role's password is handed to PostgreSQL as a SCRAM-SHA-256 verifier (RFC 7677, PostgreSQL's own format),
// never as plain text: a statement that fails is written to the server's log with its text, and the log is a
// file on disk. The verifier lets the server check a password without being able to give it back.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

const ITERATIONS = 4096;

export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  // SASLprep leaves the code alphabet's letters and digits as they are; the desks' passwords use nothing else.
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
