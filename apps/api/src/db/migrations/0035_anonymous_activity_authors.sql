-- An anonymous answer's timeline line no longer stores a French author: its author is empty
-- and its data's `anonymous` marks it, so each reader sees "an anonymous participant" in
-- their own language (activities.service.ts, activityAuthor). Lines written before carry
-- the French words: turned into the marker here (staff lines always name an agent or user).
UPDATE "activities"
   SET "actor_name" = NULL, "data" = "data" || '{"anonymous": true}'::jsonb
 WHERE "actor_name" = 'Un participant anonyme' AND "agent_id" IS NULL AND "user_id" IS NULL;
