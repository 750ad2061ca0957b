// A one-line text of the hotel's own (a code, a contract's or a stop-sale's note) holds no character a form cannot
// type: control characters (C0, DEL, C1) and the line and paragraph separators come only from a file or a command
// line, and a line break in a code breaks every list it is printed in.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invisible = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether the text holds a line break or another character nobody can see. */
export const hasInvisible = (text: string): boolean => invisible.test(text);
