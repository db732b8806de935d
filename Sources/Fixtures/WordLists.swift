import Identity

// Word lists the names are built from. All invented combinations; none of the words is
// "with", "feat", "featuring" or a "various artists" alias, so no generated name is ambiguous.

enum Words {
  static let firstNames = [
    "Karen", "Marcus", "Elena", "Theo", "Nadia", "Oscar", "Priya", "Jonah", "Lena", "Caleb", "Maya", "Felix",
    "Iris", "Rowan", "Sofia", "Declan", "Hazel", "Tobias", "Ruby", "Emmett", "Clara", "Isaac", "Vera", "Miles",
    "June", "Silas", "Ada", "Hugo", "Nina", "Leon", "Mabel", "Arlo", "Greta", "Jasper", "Lucia", "Otis", "Freya",
    "Dominic", "Willa", "Rafael", "Esme", "Victor", "Cora", "Bennett", "Ivy", "Magnus", "Stella", "Roman", "Thea",
    "August", "Lila", "Conrad", "Edie", "Frank", "Gemma", "Harvey", "Ingrid", "Jude", "Kit", "Laurel", "Mateo",
    "Nell", "Orla", "Percy", "Quinn", "Rosa", "Sami", "Tess", "Umar", "Violet", "Wes", "Xavier", "Yara", "Zane",
    "Abigail", "Bruno", "Celeste", "Dario", "Eliza", "Fintan", "Gloria", "Hollis", "Imogen", "Joaquin", "Kira",
    "Lionel", "Marisol", "Niall", "Odette", "Pablo", "Rhea", "Stellan", "Tamsin", "Ulla", "Valentin", "Winona",
    "Yusuf", "Zelda", "Anton", "Bianca", "Cyrus", "Daphne", "Elias", "Fiona", "Gideon", "Harriet", "Ilan",
    "Josie", "Kasper", "Leona", "Marlon", "Noor", "Opal", "Pierce", "Roisin", "Saul", "Talia", "Idris", "Wren",
  ]

  static let lastNames = [
    "Holloway", "Marsh", "Whitfield", "Okafor", "Lindqvist", "Carver", "Delacroix", "Ashby", "Moreau", "Kessler",
    "Fairweather", "Brandt", "Quill", "Ramsey", "Sutherland", "Vance", "Abernathy", "Blackwood", "Calloway",
    "Dunmore", "Ellery", "Fenwick", "Garrick", "Hartley", "Ives", "Jansen", "Kowalski", "Lowell", "Mercer",
    "Northcott", "Oyelaran", "Pemberton", "Quinlan", "Rourke", "Stirling", "Thackeray", "Underhill", "Valdez",
    "Winslow", "Yardley", "Zimmer", "Albright", "Beaumont", "Castellano", "Draper", "Eastwick", "Fontaine",
    "Gallagher", "Haldane", "Ingram", "Jardine", "Kincaid", "Larkin", "Mirza", "Nakamura", "Osei", "Prescott",
    "Rasmussen", "Sinclair", "Tolliver", "Upton", "Varga", "Wexler", "Yoon", "Zeller", "Achebe", "Bellamy",
    "Crowe", "Dalloway", "Everly", "Finch", "Greaves", "Hale", "Idowu", "Jessop", "Kerrigan", "Lusk", "Montague",
    "Nyberg", "Orsini", "Pryce", "Radcliffe", "Salt", "Tremaine", "Ulrich", "Vossberg", "Wilde", "Ashcombe",
    "Brightwater", "Coldfield", "Deverell", "Emberly", "Frost", "Gray", "Hawthorne", "Ironside", "Juniper",
    "Keane", "Lockhart", "Merriweather", "Nightingale", "Oakes", "Pike", "Redfern", "Sterling", "Thorne", "Vale",
  ]

  static let adjectives = [
    "Midnight", "Silver", "Velvet", "Electric", "Hollow", "Crimson", "Golden", "Paper", "Neon", "Quiet", "Wild",
    "Broken", "Lunar", "Distant", "Restless", "Amber", "Static", "Hidden", "Northern", "Burning", "Glass",
    "Wandering", "Sleeping", "Rusty", "Copper", "Violet", "Frozen", "Secret", "Lucky", "Lonely", "Falling",
    "Bright", "Gentle", "Savage", "Cosmic", "Faded", "Endless", "Empty", "Modern", "Ancient", "Drifting", "Scarlet",
    "Hungry", "Sunday", "Paper-Thin", "Blue", "Black", "White", "Iron", "Marble", "Crystal", "Sonic", "Tender",
    "Atomic", "Royal", "Wicked", "Pale", "Shivering", "Howling", "Dusty", "Radiant", "Tidal", "Western", "Southern",
  ]

  static let pluralNouns = [
    "Owls", "Wolves", "Lanterns", "Engines", "Foxes", "Ravens", "Tides", "Horses", "Strangers", "Satellites",
    "Kings", "Sparrows", "Rivers", "Machines", "Ghosts", "Pilots", "Lovers", "Thieves", "Comets", "Bells",
    "Mirrors", "Gardens", "Dreamers", "Saints", "Hounds", "Echoes", "Sailors", "Prophets", "Orchids", "Wires",
    "Arrows", "Bandits", "Crowns", "Drums", "Embers", "Falcons", "Giants", "Harbors", "Islands", "Jackals",
    "Keys", "Lions", "Moths", "Nomads", "Oracles", "Panthers", "Rebels", "Shadows", "Tigers", "Vipers", "Waves",
  ]

  static let nouns = [
    "Heart", "River", "Sky", "Fire", "Ocean", "Road", "Night", "Summer", "Winter", "City", "Dream", "Garden",
    "Mountain", "Mirror", "Shadow", "Light", "Storm", "Island", "Harbor", "Desert", "Forest", "Highway", "Engine",
    "Signal", "Window", "Echo", "Canyon", "Valley", "Horizon", "Satellite", "Lantern", "Compass", "Anchor",
    "Thunder", "Silence", "Avenue", "Orchard", "Meadow", "Tide", "Ember", "Comet", "Glacier", "Prairie", "Chapel",
    "Carnival", "Empire", "Frontier", "Lighthouse", "Monsoon", "Paradise", "Radio", "Station", "Telescope",
    "Wilderness", "Cathedral", "Velvet", "Diamond", "Feather", "Hurricane", "Kingdom", "Labyrinth", "Pendulum",
  ]

  static let bandSingles = [
    "Lumen", "Parallax", "Solace", "Halcyon", "Vesper", "Kestrel", "Aurora", "Monolith", "Cobalt", "Nimbus",
    "Ozone", "Quasar", "Rhombus", "Tundra", "Umbra", "Vortex", "Zephyr", "Ashgrove", "Bluefield", "Cinderhouse",
    "Driftwood", "Elmstreet", "Foxglove", "Glasshouse", "Hollowmere", "Ironwood", "Juniper", "Kilowatt",
  ]

  static let djPrefixes = ["DJ", "MC", "Lil", "Young", "Big", "Kid", "Saint", "Sir", "Madame", "Captain"]

  static let bandSuffixes = [
    "Collective", "Orchestra", "Trio", "Quartet", "Ensemble", "Band", "Project", "Sound System", "Brothers",
    "Sisters", "Society", "Club", "Revue", "Experience", "Union",
  ]

  // Accented Latin parts, written precomposed (NFC).
  static let accentedFirst = [
    "Zoé", "Amélie", "Jérôme", "Inès", "Björn", "Søren", "Ångel", "Małgorzata", "Núria", "Joël", "Hélène",
    "Dagný", "Tomás", "Leïla", "Çelik", "Mirabèl", "Øystein", "Raúl", "Åsa", "Begoña", "Renée", "Zdeněk",
  ]

  static let accentedLast = [
    "Lefèvre", "Gómez", "Sørensen", "Müller", "Ibáñez", "Dvořák", "Jónsdóttir", "Brontë", "Åkesson", "Nuñez",
    "Kovačić", "Öztürk", "Françoise", "Pérez", "Łukasik", "Ferrão", "Ólafsson", "Thérèse", "Mäkelä", "Castaño",
  ]

  static let accentedBands = [
    "Sólveig Rós", "Les Étoiles Filantes", "Niño Perdido", "Café Tacuba Sur", "Mañana Eterna", "Kælan Fjöll",
    "Éclair Noir", "Þoka", "Die Häuser", "Señorita Luz", "Brume Océane", "Fjärran Ljus", "Orquesta Añil",
    "Les Frères Lumière Sonore", "Mélodie Pâle", "Ströme", "Sérénité", "Lúa Cheia", "Ópalo", "Fête Foraine",
  ]

  // Invented non-Latin names.
  static let japanese = [
    "星野 遥", "夜明けのカラス", "青い灯台", "月見草", "ひかり電車", "桜井 蒼", "東京ノスタルジア", "雨音レコード",
    "赤い風船", "夏目 凛",
  ]
  static let korean = ["은하수 밴드", "한별", "새벽달", "푸른 정원", "이하늘", "달빛 소년", "바다소리", "윤서진"]
  static let cyrillic = [
    "Белые Ночи", "Мира Светлова", "Северный Ветер", "Город Огней", "Лунный Кот", "Аня Зорина", "Тихий Дом",
  ]
  static let greek = ["Νεφέλη Αστέρη", "Οι Γλάροι", "Θάλασσα Μπλε", "Ελένη Μαύρου", "Αστραπή"]
  static let arabic = ["نور الليل", "ليلى حداد", "قمر الصحراء", "فرقة النجوم", "ريم سالم"]

  static let albumWords = [
    "Northern Lights", "Paper Moons", "Afterglow", "Static Bloom", "Golden Hour", "Low Tide", "Blue Hour",
    "Long Way Home", "Hollow Crown", "Night Swimming", "Safe Harbor", "Wildfire", "Slow Motion", "Ghost Stories",
    "Glass Houses", "Heavy Weather", "Open Road", "Winter Songs", "Electric Dreams", "Lost Signals", "Midnight Radio",
    "Small Hours", "Ashes & Embers", "Salt & Stone", "Bread & Roses", "Silver Linings", "Kingdom Come",
    "True North", "Distant Shores", "Parallel Lines", "Second Nature", "Terra Firma", "Quiet Storm", "Gravity",
    "Solstice", "Equinox", "Meridian", "Overgrown", "Undertow", "Monuments", "Wanderlust", "Rituals", "Echo Park",
    "Half Light", "Neon Nights", "Far from Shore", "Under the Pines", "City of Glass", "House of Cards",
    "Songs for Sleepless Nights", "The Long Goodbye", "The Quiet Year", "A Map of the Sky", "Bright Lights",
    "Ferris Wheel", "Greenhouse", "Heartland", "Lullabies", "Pilgrim", "Red Desert", "Season of Rain", "Tall Tales",
    "Vanishing Point", "White Noise", "Yesterday's Tomorrow", "Zero Gravity", "Origami", "Kaleidoscope",
  ]

  static let titleWords = [
    "Love", "Heart", "Night", "Fire", "Rain", "Summer", "Gold", "Light", "Dance", "Dream", "Home", "Road",
    "River", "Stars", "Ghost", "Blue", "Wild", "Slow", "Run", "Fall", "Rise", "Sweet", "Lost", "Found", "Wait",
    "Stay", "Go", "Burn", "Shine", "Echo", "Silver", "Paper", "Glass", "Storm", "Tide", "Moon", "Sun", "Morning",
    "Evening", "Midnight", "Sugar", "Honey", "Thunder", "Lightning", "Shadow", "Mirror", "Window", "Door",
    "Highway", "Train", "Telephone", "Letter", "Song", "Secret", "Promise", "Forever", "Never", "Always", "Again",
    "Tonight", "Yesterday", "Tomorrow", "Alone", "Together", "Closer", "Higher", "Under", "Over", "Away", "Back",
  ]

  static let titlePatterns = [
    "%1", "%1 %2", "%1 %2", "%1 of %2", "The %1", "%1 & %2", "%1 in the %2", "Don't %1", "%1 Me", "%1 Song",
    "Little %1", "%1 Again", "My %1", "%1 (Interlude)", "%1 %2 %3", "All the %1", "No More %1", "%1, %2",
  ]

  static let trackSuffixes = [
    " (Live)", " (Acoustic)", " (Radio Edit)", " (Demo)", " - Remastered", " (Extended Mix)", " (Reprise)",
    " (Instrumental)",
  ]

  static let genres = [
    "Rock", "Pop", "Alternative", "Electronic", "Hip-Hop/Rap", "R&B/Soul", "Jazz", "Classical", "Country",
    "Folk", "Singer/Songwriter", "Indie Rock", "Metal", "Punk", "Reggae", "Blues", "Soundtrack", "Dance",
    "Latin", "World", "Ambient", "J-Pop", "K-Pop", "Funk", "Chanson",
  ]

  static let editionSuffixes = [
    " (Deluxe Edition)", " (Remastered)", " [Bonus Track Version]", " (2011 Remaster)", " (Expanded Edition)",
    " (Deluxe Version)", " (Anniversary Edition)", " (Live)", " (2019 Remaster)",
  ]

  static let compilationTitles = [
    "Now That's Music", "Summer Hits", "Chillout Sessions", "Indie Anthems", "Late Night Jazz", "Road Trip Classics",
    "Soul Essentials", "Festival Favourites", "Acoustic Mornings", "Club Classics", "Rock Ballads", "Pure Disco",
    "Movie Magic", "Coffeehouse Grooves", "Winter Warmers", "Electro Nights", "Hits of the Year", "Party Starters",
  ]

  static let podcastShows = [
    "The Listening Room", "Signal & Noise", "Small Batch Stories", "Deep Cuts Radio", "History Footnotes",
    "The Weekly Byte", "Gardening at Dusk", "Science Hour Unplugged",
  ]

  static let movieTitles = [
    "The Last Lighthouse", "Midnight Express Lane", "Paper Kingdoms", "A Quiet Harbor", "The Copper Road",
    "Northbound", "Glass Orchard",
  ]

  static let tvSeries = ["Harbor Lights", "The Night Desk", "Copper Valley", "Small Town Secrets"]

  static let audiobooks = ["The Clockmaker's Daughter", "Maps of Forgotten Places", "A Brief History of Salt"]
}
