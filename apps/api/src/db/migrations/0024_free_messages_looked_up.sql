-- An account's free replies used, counted in one function that the spend and the standing both call
-- (docs/performance.md#plans-that-do-not-depend-on-the-data): 0022's sum joined the linked uids with their counters,
-- and while message_counters was small Postgres joined them by hashing the whole table, read on every spend; each
-- linked uid's counter is now looked up by its key, whatever the table holds. `wm_spend_message` is 0022's in every
-- step but that one.

-- The free replies an account's pool has given: its own counter (`user:<id>`, period `free`) and each linked uid's
-- (`uid:<uid>`, period `all`), as services/metering/free-messages.ts describes. STABLE: it reads with the snapshot of
-- the statement that calls it, so the spend, which calls it after locking the account, counts what committed before.
CREATE OR REPLACE FUNCTION wm_account_free_used(account_id integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
      SELECT c.used FROM message_counters c WHERE c.key = 'user:' || account_id AND c.period = 'free'
    ), 0)
    + coalesce((
      -- A lookup per linked uid, not a join: a join may read the whole table, a lookup never does.
      SELECT sum((SELECT c.used FROM message_counters c WHERE c.key = 'uid:' || v.uid AND c.period = 'all'))
      FROM visitor_accounts v WHERE v.user_id = account_id
    ), 0)::integer;
END
$$;
--> statement-breakpoint

-- A visitor's free message, or a member's (account_id set): raises WM402 when there is none to spend, WM403 when
-- the visitor's uid belongs to an account. `spent` is 'free', 'account-free', 'subscription' or 'plan';
-- `messages_left` is null while a subscription runs.
CREATE OR REPLACE FUNCTION wm_spend_message(
  account_id integer,
  visitor_uid text,
  address_key text,
  today text,
  free_messages integer,
  free_messages_per_ip integer,
  subscription_daily_cap integer
) RETURNS TABLE (spent text, user_plan_id integer, messages_left integer)
LANGUAGE plpgsql AS $$
DECLARE
  uid_used integer;
  address_used integer;
  free_used integer;
  subscription_plan integer;
  pack_id integer;
  pack_messages integer;
  subscriptions integer;
BEGIN
  IF account_id IS NULL THEN
    -- A sign-up linking this uid waits for this debit, and a debit after it sees the link.
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('visitor:' || visitor_uid, 0));
    IF EXISTS (SELECT 1 FROM visitor_accounts WHERE uid = visitor_uid) THEN
      RAISE EXCEPTION 'This visitor id belongs to an account.' USING ERRCODE = 'WM403';
    END IF;
    uid_used := wm_bump_counter('uid:' || visitor_uid, 'all', free_messages);
    IF uid_used IS NOT NULL THEN
      address_used := wm_bump_counter(address_key, today, free_messages_per_ip);
    END IF;
    -- Raising rolls back the uid's count when only the address's day was used up.
    IF address_used IS NULL THEN
      RAISE EXCEPTION 'No messages remaining.' USING ERRCODE = 'WM402';
    END IF;
    RETURN QUERY SELECT 'free'::text, NULL::integer,
      greatest(0, least(free_messages - uid_used, free_messages_per_ip - address_used));
    RETURN;
  END IF;

  -- One account's concurrent messages are counted one after another.
  PERFORM 1 FROM users WHERE id = account_id FOR UPDATE;
  free_used := wm_account_free_used(account_id);
  -- Nested, not one condition: SQL does not promise to evaluate AND's operands in order, and each bump writes.
  IF free_used < free_messages THEN
    IF wm_bump_counter(address_key, today, free_messages_per_ip) IS NOT NULL THEN
      IF wm_bump_counter('user:' || account_id, 'free', free_messages) IS NOT NULL THEN
        spent := 'account-free';
        free_used := free_used + 1;
      END IF;
    END IF;
  END IF;
  IF spent IS NULL THEN
    SELECT up.id INTO subscription_plan FROM user_plans up JOIN plans p ON p.id = up.plan_id
    WHERE up.user_id = account_id AND up.is_active AND up.status IN ('active', 'trialing', 'canceled')
      AND p.plan_type <> 'metered'
    LIMIT 1;
    IF subscription_plan IS NOT NULL THEN
      IF wm_bump_counter('user:' || account_id, today, subscription_daily_cap) IS NOT NULL THEN
        spent := 'subscription';
      END IF;
    END IF;
  END IF;
  IF spent IS NULL THEN
    SELECT up.id INTO pack_id FROM user_plans up JOIN plans p ON p.id = up.plan_id
    WHERE up.user_id = account_id AND up.is_active AND p.plan_type = 'metered' AND up.remaining_messages > 0
    ORDER BY up.created_at, up.id
    LIMIT 1;
    UPDATE user_plans SET remaining_messages = remaining_messages - 1
    WHERE id = pack_id AND remaining_messages > 0
    RETURNING id INTO user_plan_id;
    IF user_plan_id IS NULL THEN
      RAISE EXCEPTION 'No messages remaining.' USING ERRCODE = 'WM402';
    END IF;
    spent := 'plan';
  END IF;

  -- What the account has after it, as services/chat/remaining-messages.ts's accountStanding reads it.
  SELECT coalesce(sum(up.remaining_messages) FILTER (WHERE p.plan_type = 'metered'), 0)::integer,
         count(*) FILTER (WHERE p.plan_type <> 'metered' AND up.status IN ('active', 'trialing', 'canceled'))::integer
  INTO pack_messages, subscriptions
  FROM user_plans up JOIN plans p ON p.id = up.plan_id
  WHERE up.user_id = account_id AND up.is_active;
  messages_left := CASE WHEN subscriptions > 0 THEN NULL
    ELSE pack_messages + greatest(0, free_messages - free_used) END;
  RETURN NEXT;
END
$$;
