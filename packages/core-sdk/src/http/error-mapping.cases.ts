/** How a failed response becomes an ApiError message (docs/product.md#error-catalogue). */
export const failureCases: {
  name: string;
  status: number;
  data: unknown;
  message: string;
  code?: string | null;
}[] = [
  { name: 'an empty body', status: 502, data: '', message: 'The server responded with a status of 502' },
  {
    name: 'a non-JSON body',
    status: 500,
    data: '<html><body>Internal Server Error</body></html>',
    message: 'The server responded with a status of 500',
  },
  {
    name: 'a JSON body with no message',
    status: 400,
    data: {},
    message: 'The server responded with a status of 400',
  },
  {
    name: 'a JSON string body that is not an object',
    status: 503,
    data: '"down"',
    message: 'The server responded with a status of 503',
  },
  { name: 'detail', status: 404, data: { detail: 'Not found.' }, message: 'Not found.' },
  {
    name: 'detail wins over field errors',
    status: 400,
    data: { email: ['Taken.'], detail: 'Bad request.' },
    message: 'Bad request.',
  },
  {
    name: 'otherwise the first field error',
    status: 400,
    data: { password: ['This password is too common.', 'Too short.'], email: ['Taken.'] },
    message: 'This password is too common.',
  },
  {
    name: 'a field error given as a string',
    status: 400,
    data: { error: 'Wrong PIN.' },
    message: 'Wrong PIN.',
  },
  {
    name: 'nested field errors',
    status: 400,
    data: { answers: [{}, { text: ['Too long.'] }] },
    message: 'Too long.',
  },
  { name: 'a list of messages', status: 400, data: ['Invalid.'], message: 'Invalid.' },
  {
    name: 'the code rides along with the detail',
    status: 409,
    data: { detail: 'A/B test already set.', code: 'EXISTED_ABTEST' },
    message: 'A/B test already set.',
    code: 'EXISTED_ABTEST',
  },
  {
    name: 'a JSON body that arrived as text is read as JSON',
    status: 401,
    data: '{"detail":"Given token not valid for any token type","code":"token_not_valid"}',
    message: 'Given token not valid for any token type',
    code: 'token_not_valid',
  },
];
