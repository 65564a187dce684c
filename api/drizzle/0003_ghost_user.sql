-- The "Ghost" account: deleted users' projects and versions are handed to it.
-- Its id (62^7 - 1, base62 "zzzzzzz") lies below the range random ids are drawn from, so it never collides.
INSERT INTO "users" ("id", "username", "role", "bio", "created")
VALUES (3521614606207, 'Ghost', 'developer', 'Content of deleted accounts.', '2020-01-01T00:00:00Z')
ON CONFLICT ("id") DO NOTHING;
