import { join } from 'node:path';
import { describeReadmeExample } from '@wingmate/testing';

describeReadmeExample(
  join(__dirname, '..'),
  'compiles with tsc, together with the check that every SDK method takes a signal',
);
