-- The rollups' small helpers in PL/pgSQL, with the same results. A LANGUAGE sql function is inlined into
-- its caller only when its body is one expression no more volatile than the function: these call extract()
-- on a timestamptz (STABLE) or read a subquery, so PostgreSQL parsed and planned them again on every call
-- from a trigger (pg_stat_statements under 8,000 postbacks: 2 s of planning, 0.25 ms a credit; perf: 12 %
-- of PostgreSQL's time in fmgr_sql). PL/pgSQL evaluates a simple expression with a plan kept for the session.
CREATE OR REPLACE FUNCTION activity_bucket(at timestamptz) RETURNS timestamptz LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN to_timestamp(floor(extract(epoch FROM at) / 900) * 900);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_hour(at timestamptz) RETURNS timestamptz LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN to_timestamp(floor(extract(epoch FROM at) / 3600) * 3600);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_time_bucket(at timestamptz) RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN floor(extract(epoch FROM at) / 3600)::bigint;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_magnitude_bucket(u bigint) RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m integer;
BEGIN
  IF u < 128 THEN RETURN u; END IF;
  m := 64 - position('1' IN u::bit(64)::text);
  RETURN 128 + (m - 7) * 64 + ((u >> (m - 6)) - 64);
END $$;
