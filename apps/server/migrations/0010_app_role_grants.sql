-- The role the app runs as on PostgreSQL when it does not own the tables (docs/operations.md, "The app's
-- database role"): a NOLOGIN group, centric_app, that a login role joins. It reads and writes the tables,
-- and only reads and appends the audit trail; it owns nothing, so it cannot ALTER TABLE, DISABLE TRIGGER
-- or GRANT. The migrations run as the owner (MIGRATION_DATABASE_URL). Where the owner may not create roles,
-- an administrator creates centric_app first and this grants to it; without it, nothing is granted.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'centric_app') THEN
    BEGIN
      CREATE ROLE centric_app NOLOGIN;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE NOTICE 'centric_app was not created (the owner may not create roles): nothing granted';
    END;
  END IF;
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'centric_app') THEN
    GRANT USAGE ON SCHEMA public TO centric_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO centric_app;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO centric_app;
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM centric_app;
    -- Tables and sequences later migrations create (as the same owner) are granted alike.
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO centric_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO centric_app;
  END IF;
END;
$$;
