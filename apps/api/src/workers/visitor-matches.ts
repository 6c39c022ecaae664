import type { Clock } from '@wingmate/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadStorage } from '../adapters/storage/ports';
import type { AppDatabase } from '../db/database';
import { expireVisitorMatches } from '../services/matches/visitor-expiry';
import { SerialJob } from './serial-job';

/**
 * Removes visitors' matches 30 days after their last activity (docs/product.md#matches), on an interval in every
 * instance (the claim is safe across instances); tests run it with a moved clock. A run answers how many went.
 */
export class VisitorMatchExpiry extends SerialJob<number> {
  constructor(
    private readonly db: AppDatabase,
    private readonly storage: UploadStorage,
    private readonly clock: Clock,
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    super(log, "expiring visitors' matches failed");
  }

  protected run(): Promise<number> {
    return expireVisitorMatches(this.db, this.storage, new Date(this.clock.now()));
  }
}
