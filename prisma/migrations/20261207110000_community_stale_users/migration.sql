-- A deleted household leaves nothing behind in the rollups' queue (community.stale has no foreign
-- key: its user 0 is the community itself): its rows go with it, after the cascades.
CREATE FUNCTION community.forget_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM community.stale WHERE user_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
CREATE TRIGGER users_community_deleted AFTER DELETE ON public.users REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION community.forget_users();
