// The server's limits (better-auth minPasswordLength / maxPasswordLength), stated up front in
// the forms so nobody has to learn them by failing.
export const minPasswordLength = 8;
export const maxPasswordLength = 128;
export const passwordHint = `At least ${minPasswordLength} characters.`;
