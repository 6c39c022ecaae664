import { join } from 'node:path';
import { describeReadmeExample } from '@wingmate/testing';

describeReadmeExample(join(__dirname, '..'));
