import type { Plan, PlanPage } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { asc, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import { catalogueVersion, plans } from '../../db/schema';
import { pageOf, type PageRequest } from '../shared/pages';
import { planJson } from './plans';

/** The two plan lists of the API: `plans/` (every listed plan) and `plans/freetrial/` (those with a trial). */
export type PlanListName = 'plans' | 'freetrial';

/** The listed plans as of one catalogue version, ready to page. */
interface CatalogueSnapshot {
  readonly version: number;
  readonly lists: Readonly<Record<PlanListName, readonly Plan[]>>;
  /** Changes with the content, so an ETag stays right across restarts and databases. */
  readonly hash: string;
}

export interface CachedPage {
  readonly page: PlanPage;
  /** A strong ETag of this page of this catalogue. */
  readonly etag: string;
}

/** How stale a worker's catalogue may be after another process changed it. */
export const CATALOGUE_CHECK_MS = 1000;

/** The cache of each database, so a catalogue load in this process invalidates it at once. */
const caches = new WeakMap<AppDatabase, Set<CatalogueCache>>();

/**
 * The plan catalogue kept in memory per instance (cached with an ETag, a catalogue load invalidates it:
 * docs/decisions.md#production-start-and-throughput). Plan lists were two queries and the rows' mapping on every
 * request; now they are read again only when the catalogue's version row (bumped by database triggers, whichever
 * process wrote) has moved, checked at most once every `CATALOGUE_CHECK_MS` of the injected clock.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | undefined;
  private checkedAt = -Infinity;
  private loading: Promise<CatalogueSnapshot> | undefined;
  private generation = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly checkEveryMs = CATALOGUE_CHECK_MS,
  ) {
    const set = caches.get(db) ?? new Set();
    set.add(this);
    caches.set(db, set);
  }

  /** One page of a list, as `plans/` answers it (DRF paging, 404 past the last page). */
  async page(list: PlanListName, request: PageRequest): Promise<CachedPage> {
    const snapshot = await this.current();
    const plansOfList = snapshot.lists[list];
    const start = (request.number - 1) * request.size;
    const page = pageOf(request, plansOfList.length, plansOfList.slice(start, start + request.size));
    return { page, etag: `"${snapshot.hash}-${list}-${request.number}"` };
  }

  /** Forget the snapshot: the next request reads the catalogue again. */
  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
    this.loading = undefined;
    this.checkedAt = -Infinity;
  }

  /** Stop following the database's changes (the server closes). */
  detach(): void {
    caches.get(this.db)?.delete(this);
  }

  private async current(): Promise<CatalogueSnapshot> {
    if (this.snapshot && this.clock.now() - this.checkedAt < this.checkEveryMs) return this.snapshot;
    this.loading ??= this.refresh();
    return this.loading;
  }

  private async refresh(): Promise<CatalogueSnapshot> {
    const generation = this.generation;
    try {
      const checkedAt = this.clock.now();
      const [row] = await this.db.select({ version: catalogueVersion.version }).from(catalogueVersion);
      const version = row?.version ?? 0;
      const snapshot =
        this.snapshot && this.snapshot.version === version ? this.snapshot : await this.load(version);
      // A load in this process that finished meanwhile made this read stale: the next request reads again.
      if (generation === this.generation) {
        this.snapshot = snapshot;
        this.checkedAt = checkedAt;
      }
      return snapshot;
    } finally {
      if (generation === this.generation) this.loading = undefined;
    }
  }

  private async load(version: number): Promise<CatalogueSnapshot> {
    const rows = await this.db.select().from(plans).where(eq(plans.listed, true)).orderBy(asc(plans.id));
    const all = rows.map(planJson);
    const hash = createHash('sha256').update(JSON.stringify(all)).digest('base64url').slice(0, 16);
    return {
      version,
      lists: { plans: all, freetrial: all.filter((plan) => plan.trial_period_days > 0) },
      hash,
    };
  }
}

/** Tells this process's caches of `db` that the catalogue changed (other processes see the version row). */
export function catalogueChanged(db: AppDatabase): void {
  for (const cache of caches.get(db) ?? []) cache.invalidate();
}
