-- A state written by deepcut at 05c751d (schema 7): two offline nights on samples/ (iTunes) with three push channels,
-- ntfy://tk_…@127.0.0.1:18901/deepcut-news, discord://4242/… (--push-url discord=…) and
-- gotify://127.0.0.1:18901/AFixtureGotifyToken through the apprise command: the first night (--days 12) Discord and
-- ntfy took 5 releases and apprise failed; the second (--days 60) ntfy took 5 more, apprise all 10, and Discord
-- answered 503, so 5 wait for it. Rows are keyed by the channels' display names; the answer cache emptied.
PRAGMA user_version = 7;
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
INSERT INTO artist_resolution VALUES('itunes','burningechoes','The Burning Echoes','563061542','The Burning Echoes','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','kaelanfjoll','Kælan Fjöll','875171623','Kælan Fjöll','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','θαλασσαμπλε','Θάλασσα Μπλε','246447027','Θάλασσα Μπλε','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','윤서진','윤서진',NULL,NULL,'unresolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','белыеночи','Белые Ночи','1282076180','Белые Ночи','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','tomaszwren','Tomasz Wren','615301305','Tomasz Wren','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','sigrunos','Sigrún Ós','1637128880','Sigrún Ós','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','kilowatttide','Kilowatt Tide','1761917118','Kilowatt Tide','resolved','[{"ownedTitles":["Kilowatt Tide"],"genre":"Rock","url":"https:\/\/music.apple.com\/us\/artist\/kilowatt-tide\/1761917118?uo=4","id":"1761917118","name":"Kilowatt Tide"},{"ownedTitles":[],"genre":"Electronic","url":"https:\/\/music.apple.com\/us\/artist\/kilowatt-tide\/410447268?uo=4","id":"410447268","name":"Kilowatt Tide"}]',1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','djbluefield','DJ Bluefield','515275361','DJ Bluefield','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','فرقةالنجوم','فرقة النجوم','335420187','فرقة النجوم','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','begonafrancoise','Begoña Françoise','974141858','Begoña Françoise','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','赤い風船','赤い風船',NULL,NULL,'ambiguous','[{"url":"https:\/\/music.apple.com\/us\/artist\/%E8%B5%A4%E3%81%84%E9%A2%A8%E8%88%B9\/928829859?uo=4","id":"928829859","genre":"Rock","name":"赤い風船"},{"url":"https:\/\/music.apple.com\/us\/artist\/%E8%B5%A4%E3%81%84%E9%A2%A8%E8%88%B9\/1357292370?uo=4","id":"1357292370","genre":"Electronic","name":"赤い風船"}]',1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','marisolachebe','Marisol Achebe','1221392845','Marisol Achebe','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','hartandlowell','Hart & Lowell','394890575','Hart & Lowell','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','daphneoakes','Daphne Oakes','126479194','Daphne Oakes','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','helenemakela','Hélène Mäkelä','292752153','Hélène Mäkelä','resolved',NULL,1796040000.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','darioandodette','Dario & Odette','294359225','Dario & Odette','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','jansenband','Jansen Band','209200703','Jansen Band','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','hiddenowls','The Hidden Owls','1040434435','The Hidden Owls','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','sonicengines','Sonic Engines','767421723','Sonic Engines','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','zdenekperez','Zdeněk Pérez','976424242','Zdeněk Pérez','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','lilvesper','Lil Vesper','985020551','Lil Vesper','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','лунныйкот','Лунный Кот','1516058863','Лунный Кот','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','iristolliver','Iris Tolliver','137397864','Iris Tolliver','resolved',NULL,1795953600.0,NULL);
INSERT INTO artist_resolution VALUES('itunes','brokenrecordsociety','Broken Record Society','1148266614','Broken Record Society','resolved',NULL,1795953600.0,NULL);
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
INSERT INTO run VALUES(1,1795953600.0,1795953601.1013352871,'ok',25,26,0,'4 new, 1 upcoming, 3 also out, 0 lookups failed; pushed 5 releases to ntfy topic de… on 127.0.0.1 #ead9f7 (200; 665 of 4096 bytes); pushed 5 releases to Discord webhook 4242… #23822d (200; 111 of 2000 characters of content, 214 of 6000 across 5 embeds); not pushed to gotify:// channel #1cb76a (through apprise) (for now): gotify:// channel #1cb76a (through apprise) could not send (apprise exited 1); checked 25 of 25 artists, 26 answers kept','night',25,4,0,NULL,NULL);
INSERT INTO run VALUES(2,1796040000.0,1796040002.0917901992,'ok',25,2,0,'9 new, 1 upcoming, 4 also out, 0 lookups failed; pushed 5 releases to ntfy topic de… on 127.0.0.1 #ead9f7 (200; 625 of 4096 bytes); not pushed to Discord webhook 4242… #23822d (for now): Discord webhook 4242… #23822d answered http 503 (down for the fixture); pushed 10 releases to gotify:// channel #1cb76a (through apprise) (apprise exited 0; 1192 of 1900 characters); checked 25 of 25 artists, 2 answers kept','night',25,9,0,NULL,NULL);
CREATE TABLE artwork (
  provider   TEXT NOT NULL,
  release_id TEXT NOT NULL,
  url        TEXT NULL,     -- NULL: the catalog has no cover for it (yet)
  checked_at REAL NOT NULL, -- unix seconds
  PRIMARY KEY (provider, release_id)
);
CREATE TABLE IF NOT EXISTS "release_seen" (
  provider     TEXT NOT NULL,
  artist_key   TEXT NOT NULL,
  album_key    TEXT NOT NULL, -- base [edition+edition] <kind>, as AlbumKey prints it
  title        TEXT NOT NULL,
  release_date TEXT NULL,
  first_seen   REAL NOT NULL,
  reported_at  REAL NULL,
  reported_as  TEXT NULL,
  kind         TEXT NULL,
  PRIMARY KEY (provider, artist_key, album_key)
);
INSERT INTO release_seen VALUES('itunes','burningechoes','halflight','Half Light','1988-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','kaelanfjoll','midnightsun','Midnight Sun','2026-11-10',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','kaelanfjoll','kaelanfjoll','Kælan Fjöll','1965-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','θαλασσαμπλε','liveatthewindow','Live at the Window','1991-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','белыеночи','royalmountain','Royal Mountain','2007-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','tomaszwren','crossroadssessions','Crossroads Sessions','2025-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','sigrunos','cafesolstice','Café Solstice','2023-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','kilowatttide','nightdrive','Night Drive','2026-11-25',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','lilvesper','nightdrive','Night Drive','2026-11-25',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','kilowatttide','kilowatttide','Kilowatt Tide','2022-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','djbluefield','greatesthits','Greatest Hits','2026-11-14',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','djbluefield','nightshift <ep>','Night Shift - EP','2026-11-13',1795953600.0,NULL,NULL,'ep');
INSERT INTO release_seen VALUES('itunes','djbluefield','ironglacier','Iron Glacier','1989-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','فرقةالنجوم','wanderlust','Wanderlust','1969-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','begonafrancoise','staticbloom','Static Bloom','2026-11-27',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','begonafrancoise','hiddenembers','Hidden Embers','1981-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','marisolachebe','harborsongs','Harbor Songs','2024-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','marisolachebe','nightferries','Night Ferries','2014-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','hartandlowell','earlyworks [anniversary]','Early Works (10th Anniversary Edition)','2026-11-21',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','hartandlowell','earlyworks','Early Works','2015-03-02',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','hartandlowell','paperboats','Paper Boats','2014-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','daphneoakes','papermoons','Paper Moons','2027-01-16',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','daphneoakes','liveforever','Live Forever','2026-11-16',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','daphneoakes','stormandisland','Storm & Island','2024-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','helenemakela','dusksessions','Dusk Sessions','2026-11-09',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','helenemakela','afterglowandecho','Afterglow & Echo','2026-11-06',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','helenemakela','ghoststories','Ghost Stories','2023-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','darioandodette','glasshouseremixes <ep>','Glasshouse (Remixes) - EP','2026-11-28',1795953600.0,NULL,NULL,'ep');
INSERT INTO release_seen VALUES('itunes','darioandodette','glasshouse','Glasshouse','2026-11-27',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','darioandodette','river','The River','1991-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','jansenband','jansenband [deluxe]','Jansen Band (Deluxe Edition)','2026-11-20',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','jansenband','jansenband','Jansen Band','1972-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','hiddenowls','meridian','Meridian','2011-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','sonicengines','sonicengines <ep>','Sonic Engines - EP','2026-11-18',1795953600.0,NULL,NULL,'ep');
INSERT INTO release_seen VALUES('itunes','zdenekperez','whitenoise','White Noise','1989-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','lilvesper','liveatthestorm','Live at the Storm','2020-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','лунныйкот','glacieroflighthouse <ep>','Glacier of Lighthouse - EP','1969-05-12',1795953600.0,NULL,NULL,'ep');
INSERT INTO release_seen VALUES('itunes','iristolliver','liveattheroundhouse','Live at the Roundhouse','2026-12-11',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','iristolliver','summerandengine','Summer & Engine','2019-05-12',1795953600.0,NULL,NULL,'album');
INSERT INTO release_seen VALUES('itunes','brokenrecordsociety','harbourlightsspedup <single>','Harbour Lights (Sped Up) - Single','2026-11-24',1795953600.0,NULL,NULL,'single');
INSERT INTO release_seen VALUES('itunes','brokenrecordsociety','harbourlights <single>','Harbour Lights - Single','2026-11-20',1795953600.0,NULL,NULL,'single');
INSERT INTO release_seen VALUES('itunes','brokenrecordsociety','crackedvinyl','Cracked Vinyl','2024-05-12',1795953600.0,NULL,NULL,'album');
CREATE TABLE push_told (
  channel    TEXT NOT NULL,
  release_id TEXT NOT NULL, -- the release's identity, as the feeds keep it
  told_at    REAL NOT NULL, -- unix seconds
  PRIMARY KEY (channel, release_id)
);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:72d2434f-c0ae-5cbe-bc86-6ff30af2623c',1795953600.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:aff08aeb-9179-5847-b9e5-bddc25ae4314',1795953600.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:dc8a23d8-050c-5bc5-ac52-76ebd86be249',1795953600.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:4ca3be5b-e230-5c60-80a5-a258c4e412d5',1795953600.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:ea278d29-1f3a-51e6-a973-7880713f21b7',1795953600.0);
INSERT INTO push_told VALUES('Discord webhook 4242… #23822d','urn:uuid:72d2434f-c0ae-5cbe-bc86-6ff30af2623c',1795953600.0);
INSERT INTO push_told VALUES('Discord webhook 4242… #23822d','urn:uuid:aff08aeb-9179-5847-b9e5-bddc25ae4314',1795953600.0);
INSERT INTO push_told VALUES('Discord webhook 4242… #23822d','urn:uuid:dc8a23d8-050c-5bc5-ac52-76ebd86be249',1795953600.0);
INSERT INTO push_told VALUES('Discord webhook 4242… #23822d','urn:uuid:4ca3be5b-e230-5c60-80a5-a258c4e412d5',1795953600.0);
INSERT INTO push_told VALUES('Discord webhook 4242… #23822d','urn:uuid:ea278d29-1f3a-51e6-a973-7880713f21b7',1795953600.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:d00bcce4-fa9b-5e5a-94bf-ab82472a19bf',1796040000.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:32a4f8b0-9dd6-5fc0-88f4-60275c6906cb',1796040000.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:c4e0a1b1-a7c3-56bc-8f4a-021ec20ae978',1796040000.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:c898bec3-4bef-5e09-a786-373a44f2b1c8',1796040000.0);
INSERT INTO push_told VALUES('ntfy topic de… on 127.0.0.1 #ead9f7','urn:uuid:5e3f42f4-9447-5c97-8c9e-384d96d17166',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:72d2434f-c0ae-5cbe-bc86-6ff30af2623c',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:aff08aeb-9179-5847-b9e5-bddc25ae4314',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:dc8a23d8-050c-5bc5-ac52-76ebd86be249',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:4ca3be5b-e230-5c60-80a5-a258c4e412d5',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:ea278d29-1f3a-51e6-a973-7880713f21b7',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:d00bcce4-fa9b-5e5a-94bf-ab82472a19bf',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:32a4f8b0-9dd6-5fc0-88f4-60275c6906cb',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:c4e0a1b1-a7c3-56bc-8f4a-021ec20ae978',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:c898bec3-4bef-5e09-a786-373a44f2b1c8',1796040000.0);
INSERT INTO push_told VALUES('gotify:// channel #1cb76a (through apprise)','urn:uuid:5e3f42f4-9447-5c97-8c9e-384d96d17166',1796040000.0);
CREATE TABLE push_waiting (
  channel    TEXT NOT NULL,
  release_id TEXT NOT NULL,
  item       TEXT NOT NULL, -- JSON of the line the push shows
  queued_at  REAL NOT NULL, -- unix seconds: the night it first waited
  PRIMARY KEY (channel, release_id)
);
INSERT INTO push_waiting VALUES('Discord webhook 4242… #23822d','urn:uuid:d00bcce4-fa9b-5e5a-94bf-ab82472a19bf','{"artist":"Kælan Fjöll","cover":"https:\/\/is1-ssl.mzstatic.com\/image\/thumb\/Music129\/v4\/f1\/d3\/67\/f1d367b8-c47d-6c79-1be1-96e26aed0871\/00602445868162.rgb.jpg\/200x200bb.jpg","id":"urn:uuid:d00bcce4-fa9b-5e5a-94bf-ab82472a19bf","kind":"album","title":"Midnight Sun","url":"https:\/\/music.apple.com\/us\/album\/midnight-sun\/1312201800?uo=4"}',1796040000.0);
INSERT INTO push_waiting VALUES('Discord webhook 4242… #23822d','urn:uuid:32a4f8b0-9dd6-5fc0-88f4-60275c6906cb','{"artist":"DJ Bluefield","cover":"https:\/\/is3-ssl.mzstatic.com\/image\/thumb\/Music131\/v4\/7d\/33\/43\/7d334393-ab4e-f71e-da77-cc3eb3bd95f5\/cover.jpg\/200x200bb.jpg","id":"urn:uuid:32a4f8b0-9dd6-5fc0-88f4-60275c6906cb","kind":"EP","title":"Night Shift - EP","url":"https:\/\/music.apple.com\/us\/album\/night-shift-ep\/959823488?uo=4"}',1796040000.0);
INSERT INTO push_waiting VALUES('Discord webhook 4242… #23822d','urn:uuid:c4e0a1b1-a7c3-56bc-8f4a-021ec20ae978','{"artist":"Daphne Oakes","cover":"https:\/\/is4-ssl.mzstatic.com\/image\/thumb\/Music121\/v4\/81\/5c\/f3\/815cf39b-6a30-b2ab-2cdd-413e34377b25\/cover.jpg\/200x200bb.jpg","id":"urn:uuid:c4e0a1b1-a7c3-56bc-8f4a-021ec20ae978","kind":"album","title":"Live Forever","url":"https:\/\/music.apple.com\/us\/album\/live-forever\/263343132?uo=4"}',1796040000.0);
INSERT INTO push_waiting VALUES('Discord webhook 4242… #23822d','urn:uuid:c898bec3-4bef-5e09-a786-373a44f2b1c8','{"artist":"Hélène Mäkelä","cover":"https:\/\/is2-ssl.mzstatic.com\/image\/thumb\/Music175\/v4\/6f\/f3\/25\/6ff325f9-6364-b53e-2905-a3c4a28d42cd\/cover.jpg\/200x200bb.jpg","id":"urn:uuid:c898bec3-4bef-5e09-a786-373a44f2b1c8","kind":"album","title":"Dusk Sessions","url":"https:\/\/music.apple.com\/us\/album\/dusk-sessions\/865156614?uo=4"}',1796040000.0);
INSERT INTO push_waiting VALUES('Discord webhook 4242… #23822d','urn:uuid:5e3f42f4-9447-5c97-8c9e-384d96d17166','{"artist":"Hélène Mäkelä","cover":"https:\/\/is2-ssl.mzstatic.com\/image\/thumb\/Music189\/v4\/1b\/3f\/41\/1b3f419c-3520-9627-148c-6f877c0497c9\/cover.jpg\/200x200bb.jpg","id":"urn:uuid:5e3f42f4-9447-5c97-8c9e-384d96d17166","kind":"album","title":"Afterglow & Echo","url":"https:\/\/music.apple.com\/us\/album\/afterglow-echo\/1467038002?uo=4"}',1796040000.0);
CREATE TABLE push_channel (
  channel        TEXT PRIMARY KEY,
  last_attempt   REAL NOT NULL,
  last_delivered REAL NULL,
  last_reply     TEXT NULL,
  failure        TEXT NULL,     -- why the last push was not accepted; NULL when it was
  permanent      INTEGER NOT NULL DEFAULT 0
);
INSERT INTO push_channel VALUES('ntfy topic de… on 127.0.0.1 #ead9f7',1796040000.0,1796040000.0,'200',NULL,0);
INSERT INTO push_channel VALUES('gotify:// channel #1cb76a (through apprise)',1796040000.0,1796040000.0,'apprise exited 0',NULL,0);
INSERT INTO push_channel VALUES('Discord webhook 4242… #23822d',1796040000.0,1795953600.0,'200','Discord webhook 4242… #23822d answered http 503 (down for the fixture)',0);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('run',2);
CREATE INDEX release_seen_artist ON release_seen (provider, artist_key);
COMMIT;
