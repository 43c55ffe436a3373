CREATE TABLE users (id text PRIMARY KEY, name text NOT NULL);
