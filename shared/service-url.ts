// What a service address is, for the setup form, the request check and the command line alike: http or https and
// something after it, no spaces. Whether it answers is the connection check's to say.
export const isServiceUrl = (text: string): boolean => /^https?:\/\/[^\s]+$/i.test(text);
