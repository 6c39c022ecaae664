import type { Match } from '@wingmate/api-contract';
import { formatDate, matchStatusWords } from '@wingmate/core-sdk';
import { ChevronRight, MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../ui/Badge';

/** The matches, most recently active first: each a link to its page with its status, where they met and when. */
export function MatchList({ matches }: { matches: Match[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {matches.map((match) => (
        <li key={match.id}>
          <Link
            to={`/matches/${match.id}`}
            className="flex items-center gap-3 rounded-lg border border-line bg-surface p-4 hover:border-line-strong hover:bg-surface-muted"
          >
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="truncate text-lg font-semibold text-ink">{match.name}</span>
                <Badge tone={match.status === 'ended' ? 'neutral' : 'brand'}>
                  {matchStatusWords[match.status]}
                </Badge>
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                {match.where_met && (
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-3.5" />
                    {match.where_met}
                  </span>
                )}
                <span>Last activity {formatDate(match.last_activity_at)}</span>
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
