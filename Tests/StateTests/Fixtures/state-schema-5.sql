-- A state written by deepcut at 5a55187 (schema 5): the offline default night on samples/, e-mailed with
-- --since-last-run, so 17 releases are told; its answer cache emptied to keep the file small.
PRAGMA user_version = 5;
BEGIN TRANSACTION;
CREATE TABLE artist_resolution (
  provider     TEXT NOT NULL,
  artist_key   TEXT NOT NULL,
  artist_name  TEXT NOT NULL,
  catalog_id   TEXT NULL,
  catalog_name TEXT NULL,
  status       TEXT NOT NULL, -- resolved | ambiguous | unresolved | pinned
  candidates   TEXT NULL,     -- opaque JSON supplied by the caller
  checked_at   REAL NOT NULL, matches TEXT NULL, -- unix seconds
  PRIMARY KEY (provider, artist_key)
);
INSERT INTO "artist_resolution" VALUES('deezer','burningechoes','The Burning Echoes','563061542','The Burning Echoes','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','kaelanfjoll','Kælan Fjöll','875171623','Kælan Fjöll','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','θαλασσαμπλε','Θάλασσα Μπλε','246447027','Θάλασσα Μπλε','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','윤서진','윤서진',NULL,NULL,'unresolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','белыеночи','Белые Ночи','1282076180','Белые Ночи','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','burningechoes','The Burning Echoes','0d0c41e0-33d2-45f9-bbf3-fdf91b74c679','The Burning Echoes','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','kaelanfjoll','Kælan Fjöll','bc759c3d-4806-4556-9e34-c5fad60960e2','Kælan Fjöll','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','θαλασσαμπλε','Θάλασσα Μπλε','f9132177-b66d-49a2-a930-ea2353adce35','Θάλασσα Μπλε','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','윤서진','윤서진',NULL,NULL,'unresolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','белыеночи','Белые Ночи','b92f3719-ca3a-4fdd-90b8-00331b8c3c31','Белые Ночи','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','tomaszwren','Tomasz Wren','cc4c482d-ddf2-40ec-85f4-4612744ce2e4','Tomasz Wren','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','sigrunos','Sigrún Ós','8ff9458e-847b-4094-87d1-25fbd916caad','Sigrún Ós','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','kilowatttide','Kilowatt Tide','8a17fafe-aa9b-4a9d-89ea-a4b5071755fb','Kilowatt Tide','resolved','[{"ownedTitles":["Kilowatt Tide"],"name":"Kilowatt Tide","id":"8a17fafe-aa9b-4a9d-89ea-a4b5071755fb","url":"https:\/\/musicbrainz.org\/artist\/8a17fafe-aa9b-4a9d-89ea-a4b5071755fb","disambiguation":"Group"},{"ownedTitles":[],"name":"Kilowatt Tide","id":"67c13379-a82a-494a-8f1a-cda937311717","url":"https:\/\/musicbrainz.org\/artist\/67c13379-a82a-494a-8f1a-cda937311717","disambiguation":"electronic producer"}]',1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','djbluefield','DJ Bluefield','0290bc38-d390-45f5-beb3-fa8431f17cb1','DJ Bluefield','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','فرقةالنجوم','فرقة النجوم','32b9d0d5-11f3-4792-9e5a-a32143d2765b','فرقة النجوم','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','begonafrancoise','Begoña Françoise','3815829b-b41a-4a84-8fad-4bfe454626d4','Begoña Françoise','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','赤い風船','赤い風船',NULL,NULL,'ambiguous','[{"id":"049a3e70-d70c-455c-b600-8b8ae82882a0","name":"赤い風船","url":"https:\/\/musicbrainz.org\/artist\/049a3e70-d70c-455c-b600-8b8ae82882a0","disambiguation":"Group"},{"id":"58f72f28-2133-4eab-8483-d5de239ca9b5","name":"赤い風船","url":"https:\/\/musicbrainz.org\/artist\/58f72f28-2133-4eab-8483-d5de239ca9b5","disambiguation":"electronic producer"}]',1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','marisolachebe','Marisol Achebe','d79e6cb6-514a-424d-93b6-fde0fdab9fb5','Marisol Achebe','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','hartandlowell','Hart & Lowell','4a83b4c8-dde0-4f86-b2a8-16e2a3cf418c','Hart & Lowell','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','daphneoakes','Daphne Oakes','657b9f46-e6e8-4908-8468-67a605086822','Daphne Oakes','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','helenemakela','Hélène Mäkelä','a980a21b-e108-4514-b339-e63f46ecf28a','Hélène Mäkelä','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','darioandodette','Dario & Odette','d0fdf473-01f4-4655-b72a-332392fea7a8','Dario & Odette','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','jansenband','Jansen Band','03e526b7-dae5-4a32-983b-e9b77e5294cd','Jansen Band','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','hiddenowls','The Hidden Owls','f73a0221-4991-4822-9627-e0aebe9b4464','The Hidden Owls','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','sonicengines','Sonic Engines','375bf524-46c5-40f2-98bf-5f4d4ec989cc','Sonic Engines','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','zdenekperez','Zdeněk Pérez','74f5ac5c-57f8-4f6f-974c-ee9ff152426f','Zdeněk Pérez','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','lilvesper','Lil Vesper','90beb20a-f2b0-47a4-a808-188d45729087','Lil Vesper','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','лунныйкот','Лунный Кот','46cb774f-781c-4ffa-b252-66cfcb0b8c1c','Лунный Кот','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','iristolliver','Iris Tolliver','bfbfda97-1684-4285-9c8d-e75a706d88bf','Iris Tolliver','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('musicbrainz','brokenrecordsociety','Broken Record Society','a4e2c110-77a9-4adf-a08f-2cf0aafb7d90','Broken Record Society','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','tomaszwren','Tomasz Wren','615301305','Tomasz Wren','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','sigrunos','Sigrún Ós','1637128880','Sigrún Ós','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','kilowatttide','Kilowatt Tide','1761917118','Kilowatt Tide','resolved','[{"id":"410447268","name":"Kilowatt Tide","url":"https:\/\/www.deezer.com\/artist\/410447268","disambiguation":"1000 fans","ownedTitles":[]},{"id":"1761917118","name":"Kilowatt Tide","url":"https:\/\/www.deezer.com\/artist\/1761917118","disambiguation":"1000 fans","ownedTitles":["Kilowatt Tide"]}]',1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','djbluefield','DJ Bluefield','515275361','DJ Bluefield','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','فرقةالنجوم','فرقة النجوم','335420187','فرقة النجوم','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','begonafrancoise','Begoña Françoise','974141858','Begoña Françoise','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','赤い風船','赤い風船',NULL,NULL,'ambiguous','[{"id":"928829859","name":"赤い風船","url":"https:\/\/www.deezer.com\/artist\/928829859","disambiguation":"1000 fans"},{"id":"1357292370","name":"赤い風船","url":"https:\/\/www.deezer.com\/artist\/1357292370","disambiguation":"1000 fans"}]',1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','marisolachebe','Marisol Achebe','1221392845','Marisol Achebe','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','hartandlowell','Hart & Lowell','394890575','Hart & Lowell','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','daphneoakes','Daphne Oakes','126479194','Daphne Oakes','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','helenemakela','Hélène Mäkelä','292752153','Hélène Mäkelä','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','darioandodette','Dario & Odette','294359225','Dario & Odette','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','jansenband','Jansen Band','209200703','Jansen Band','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','hiddenowls','The Hidden Owls','1040434435','The Hidden Owls','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','sonicengines','Sonic Engines','767421723','Sonic Engines','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','zdenekperez','Zdeněk Pérez','976424242','Zdeněk Pérez','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','lilvesper','Lil Vesper','985020551','Lil Vesper','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','лунныйкот','Лунный Кот','1516058863','Лунный Кот','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','iristolliver','Iris Tolliver','137397864','Iris Tolliver','resolved',NULL,1795953600.0,NULL);
INSERT INTO "artist_resolution" VALUES('deezer','brokenrecordsociety','Broken Record Society','1148266614','Broken Record Society','resolved',NULL,1795953600.0,NULL);
CREATE TABLE artwork (
  provider   TEXT NOT NULL,
  release_id TEXT NOT NULL,
  url        TEXT NULL,     -- NULL: the catalog has no cover for it (yet)
  checked_at REAL NOT NULL, -- unix seconds
  PRIMARY KEY (provider, release_id)
);
CREATE TABLE release_seen (
  provider     TEXT NOT NULL,
  release_key  TEXT NOT NULL, -- artist key + album key: a clean twin or a re-listing is the same release
  artist_key   TEXT NOT NULL,
  title        TEXT NOT NULL,
  release_date TEXT NULL,     -- YYYY-MM-DD as the catalog gives it
  first_seen   REAL NOT NULL, -- unix seconds
  reported_at  REAL NULL,
  reported_as  TEXT NULL, kind TEXT NULL,     -- new | upcoming | edition | backfill
  PRIMARY KEY (provider, release_key)
);
INSERT INTO "release_seen" VALUES('musicbrainz','kilowatttide'||char(31)||'nightdrive','kilowatttide','Night Drive','2026-11-25',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('musicbrainz','lilvesper'||char(31)||'nightdrive','lilvesper','Night Drive','2026-11-25',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('musicbrainz','djbluefield'||char(31)||'nightshift <ep>','djbluefield','Night Shift','2026-11-13',1795953600.0,1795953600.0,'new','ep');
INSERT INTO "release_seen" VALUES('musicbrainz','begonafrancoise'||char(31)||'staticbloom','begonafrancoise','Static Bloom','2026-11-27',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('musicbrainz','daphneoakes'||char(31)||'papermoons','daphneoakes','Paper Moons','2027-01-16',1795953600.0,1795953600.0,'upcoming','album');
INSERT INTO "release_seen" VALUES('musicbrainz','helenemakela'||char(31)||'afterglowandecho','helenemakela','Afterglow & Echo','2026-11',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('musicbrainz','darioandodette'||char(31)||'glasshouse','darioandodette','Glasshouse','2026-11-27',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('musicbrainz','sonicengines'||char(31)||'sonicengines <ep>','sonicengines','Sonic Engines','2026-11-18',1795953600.0,NULL,NULL,'ep');
INSERT INTO "release_seen" VALUES('musicbrainz','brokenrecordsociety'||char(31)||'harbourlights <single>','brokenrecordsociety','Harbour Lights','2026-11-20',1795953600.0,1795953600.0,'new','single');
INSERT INTO "release_seen" VALUES('deezer','burningechoes'||char(31)||'halflight','burningechoes','Half Light','1988-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','kaelanfjoll'||char(31)||'kaelanfjoll','kaelanfjoll','Kælan Fjöll','1965-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','θαλασσαμπλε'||char(31)||'liveatthewindow','θαλασσαμπλε','Live at the Window','1991-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','белыеночи'||char(31)||'royalmountain','белыеночи','Royal Mountain','2007-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','tomaszwren'||char(31)||'crossroadssessions','tomaszwren','Crossroads Sessions','2025-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','sigrunos'||char(31)||'cafesolstice','sigrunos','Café Solstice','2004-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','kilowatttide'||char(31)||'kilowatttide','kilowatttide','Kilowatt Tide','2022-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','kilowatttide'||char(31)||'nightdrive','kilowatttide','Night Drive','2026-11-25',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('deezer','lilvesper'||char(31)||'nightdrive','lilvesper','Night Drive','2026-11-25',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('deezer','djbluefield'||char(31)||'ironglacier','djbluefield','Iron Glacier','1989-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','djbluefield'||char(31)||'nightshift <ep>','djbluefield','Night Shift','2026-11-13',1795953600.0,1795953600.0,'new','ep');
INSERT INTO "release_seen" VALUES('deezer','فرقةالنجوم'||char(31)||'wanderlust','فرقةالنجوم','Wanderlust','1969-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','begonafrancoise'||char(31)||'hiddenembers','begonafrancoise','Hidden Embers','1981-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','begonafrancoise'||char(31)||'staticbloom','begonafrancoise','Static Bloom','2026-11-27',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('deezer','marisolachebe'||char(31)||'harborsongs','marisolachebe','Harbor Songs','2024-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','marisolachebe'||char(31)||'nightferries','marisolachebe','Night Ferries','2014-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','hartandlowell'||char(31)||'paperboats','hartandlowell','Paper Boats','2014-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','hartandlowell'||char(31)||'earlyworks','hartandlowell','Early Works','2015-03-02',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','daphneoakes'||char(31)||'stormandisland','daphneoakes','Storm & Island','2024-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','daphneoakes'||char(31)||'papermoons','daphneoakes','Paper Moons','2027-01-16',1795953600.0,1795953600.0,'upcoming','album');
INSERT INTO "release_seen" VALUES('deezer','helenemakela'||char(31)||'ghoststories','helenemakela','Ghost Stories','2023-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','helenemakela'||char(31)||'afterglowandecho','helenemakela','Afterglow & Echo','2026-11-06',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('deezer','darioandodette'||char(31)||'river','darioandodette','The River','1991-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','darioandodette'||char(31)||'glasshouse','darioandodette','Glasshouse','2026-11-27',1795953600.0,1795953600.0,'new','album');
INSERT INTO "release_seen" VALUES('deezer','jansenband'||char(31)||'jansenband','jansenband','Jansen Band','1972-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','jansenband'||char(31)||'jansenband [deluxe]','jansenband','Jansen Band (Deluxe Edition)','2026-11-20',1795953600.0,1795953600.0,'edition','album');
INSERT INTO "release_seen" VALUES('deezer','hiddenowls'||char(31)||'meridian','hiddenowls','Meridian','2011-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','sonicengines'||char(31)||'sonicengines <ep>','sonicengines','Sonic Engines','2026-11-18',1795953600.0,NULL,NULL,'ep');
INSERT INTO "release_seen" VALUES('deezer','zdenekperez'||char(31)||'whitenoise','zdenekperez','White Noise','1989-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','lilvesper'||char(31)||'liveatthestorm','lilvesper','Live at the Storm','2020-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','лунныйкот'||char(31)||'glacieroflighthouse <ep>','лунныйкот','Glacier of Lighthouse','1969-05-12',1795953600.0,NULL,NULL,'ep');
INSERT INTO "release_seen" VALUES('deezer','iristolliver'||char(31)||'summerandengine','iristolliver','Summer & Engine','2019-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','brokenrecordsociety'||char(31)||'crackedvinyl','brokenrecordsociety','Cracked Vinyl','2024-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO "release_seen" VALUES('deezer','brokenrecordsociety'||char(31)||'harbourlights <single>','brokenrecordsociety','Harbour Lights','2026-11-20',1795953600.0,1795953600.0,'new','single');
CREATE TABLE response_cache (
  provider   TEXT NOT NULL,
  kind       TEXT NOT NULL, -- e.g. "albums", "search"
  key        TEXT NOT NULL,
  body       BLOB NOT NULL,
  fetched_at REAL NOT NULL, -- unix seconds
  PRIMARY KEY (provider, kind, key)
);
CREATE TABLE run (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at  REAL NOT NULL,
  finished_at REAL NULL,
  status      TEXT NOT NULL,
  artists     INTEGER NOT NULL DEFAULT 0,
  requests    INTEGER NOT NULL DEFAULT 0,
  cache_hits  INTEGER NOT NULL DEFAULT 0,
  note        TEXT NULL
, kind TEXT NULL, library_artists INTEGER NULL, new_releases INTEGER NULL, told INTEGER NULL, delivered INTEGER NULL, delivery_reply TEXT NULL);
INSERT INTO "run" VALUES(1,1795953600.0,1.79595360030080223082e+09,'ok',25,55,0,'6 new, 1 upcoming, 0 lookups failed; e-mailed through /bin/sh -c cat >/dev/null (''/bin/sh -c cat >/dev/null'' exited 0); checked 25 of 25 artists, 54 answers kept','night',25,6,17,1,'''/bin/sh -c cat >/dev/null'' exited 0');
CREATE INDEX release_seen_artist ON release_seen (provider, artist_key);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('run',1);
COMMIT;
