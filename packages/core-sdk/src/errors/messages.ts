/** Messages of the error catalogue (docs/product.md#error-catalogue) that the SDK itself writes. */
export const errorMessages = {
  invalidEmail: 'Please enter a valid email address.',
  noCredentials: 'Authentication credentials were not provided.',
  tokenParse: 'JSON token parse is wrong.',
  uidMissing: 'UID is null',
  unauthorized: 'Unauthorized',
  statusOnly: (status: number) => `The server responded with a status of ${status}`,
  pinStatus: (status: number) => `Error ${status}`,
} as const;
