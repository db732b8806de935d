// swift-tools-version: 6.2
import PackageDescription

let strict: [SwiftSetting] = [
  .treatAllWarnings(as: .error),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "deepcut",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "deepcut", targets: ["deepcut"])
  ],
  targets: [
    // C libraries from the system, behind module maps. Their .pc files give the flags: on Linux the -dev packages';
    // on macOS those of Homebrew's keg-only formulae, which SwiftPM looks for itself under
    // $(brew --prefix)/opt/NAME/lib/pkgconfig (the .brew providers; no pkg-config needed). Without them the macOS SDK
    // serves: sqlite3, curl and zlib as they are, libxml2 as the SDK's module (Sources/CLibXML2/shim.h).
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),

    // Small things every target may need, written once.
    .target(name: "Basics", swiftSettings: strict),
    // The typed names every layer shares: catalogs, their artist and release ids, the library's keys, the ledger's.
    .target(name: "Identity", swiftSettings: strict),
    // Reading a Library.xml export and building artist and album keys.
    .target(name: "MusicLibrary", dependencies: ["Basics", "Identity", "CLibXML2", "CZlib"], swiftSettings: strict),
    // Mustache templates.
    .target(name: "Templates", swiftSettings: strict),
    // One paced, retrying HTTP client over libcurl; it knows no catalog.
    .target(name: "HTTP", dependencies: ["Basics", "CCurl"], swiftSettings: strict),
    // Handing the e-mail over: SMTP submission through libcurl, or a local sendmail.
    .target(name: "Delivery", dependencies: ["Basics", "Identity", "CCurl", "HTTP"], swiftSettings: strict),
    // The catalog pass, the providers (one folder each, one registry) and the release rules.
    .target(
      name: "Catalog", dependencies: ["Basics", "Identity", "MusicLibrary", "HTTP"],
      swiftSettings: strict),
    // The report's view model and its renderers.
    .target(
      name: "Report", dependencies: ["Basics", "Identity", "Catalog", "MusicLibrary", "Templates"],
      swiftSettings: strict),
    // The night: a plan's steps from the library to the report told, over the store, console and interruption it
    // declares. It reads no setting.
    .target(
      name: "Night", dependencies: ["Basics", "Identity", "MusicLibrary", "Catalog", "Report", "Delivery"],
      swiftSettings: strict),
    // The SQLite state: it keeps what the catalog pass, the ledger and the night's run log declare they need
    // (`CatalogStore`, `LedgerStore`, `RunLog`).
    .target(
      name: "State", dependencies: ["Basics", "Identity", "Catalog", "Night", "Delivery", "CSQLite"],
      swiftSettings: strict
    ),
    // The settings machinery, which names nothing of deepcut's: one kind of setting (flag, key, kind, default, help,
    // scope: the run's, each unit's or one unit's, the units a program declares through SettingUnitRegistry), a command
    // line parsed from a table of them, config.json read, checked and edited in place, and help, the example
    // configuration, the completions and the manual made from it.
    .target(name: "SettingsKit", swiftSettings: strict),
    // Installing, reading back and removing the nightly job with launchd, systemd or cron, and running their tools.
    .target(name: "Scheduling", dependencies: ["Basics"], swiftSettings: strict),
    // deepcut's settings, each in the group of the part of the night it makes, beside the code that makes that part
    // of the plan (the library, the window, the catalogs, the output, the e-mail and its routes, the push, the
    // ledger); the groups of the run and of each command; reading them (`Resolved`), and the errors every command
    // ends with.
    .target(
      name: "Options",
      dependencies: [
        "Basics", "Identity", "MusicLibrary", "Catalog", "HTTP", "State", "Report", "Delivery", "Night",
        "SettingsKit", "Scheduling",
      ],
      swiftSettings: strict
    ),
    // The commands, setup, the documentation, and what maps an error to its exit status.
    .target(
      name: "DeepcutCLI",
      dependencies: [
        "Basics", "Identity", "MusicLibrary", "Catalog", "HTTP", "State", "Report", "Delivery", "Night",
        "SettingsKit", "Scheduling", "Options",
      ],
      swiftSettings: strict
    ),
    .executableTarget(name: "deepcut", dependencies: ["DeepcutCLI"], swiftSettings: strict),

    // What the benchmarks and the tests run against: a generated library, catalog worlds made from it, and the fake
    // catalog services on 127.0.0.1. Catalog for its calendar day, which a world's release dates are.
    .target(name: "Fixtures", dependencies: ["Basics", "Identity", "MusicLibrary", "Catalog"], swiftSettings: strict),
    .executableTarget(
      name: "deepcut-bench",
      dependencies: [
        "Basics", "Identity", "MusicLibrary", "Fixtures", "Catalog", "HTTP", "State", "CLibXML2", "CZlib",
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "deepcut-fuzz", dependencies: ["MusicLibrary", "Catalog", "Templates", "DeepcutCLI"], swiftSettings: strict
    ),

    // Tests: one target per library target, one test-support target, and end-to-end tests of the built binary.
    .target(
      name: "TestSupport",
      dependencies: [
        "Basics", "Identity", "MusicLibrary", "Catalog", "HTTP", "State", "Report", "Night", "Fixtures",
      ],
      path: "Tests/TestSupport",
      swiftSettings: strict
    ),
    .testTarget(name: "BasicsTests", dependencies: ["Basics"], swiftSettings: strict),
    .testTarget(name: "IdentityTests", dependencies: ["Identity", "MusicLibrary"], swiftSettings: strict),
    .testTarget(
      name: "MusicLibraryTests", dependencies: ["Identity", "Basics", "MusicLibrary", "Fixtures", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "FixturesTests",
      dependencies: ["Identity", "Basics", "Catalog", "HTTP", "Fixtures", "MusicLibrary", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "HTTPTests", dependencies: ["Basics", "HTTP", "Fixtures", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "CatalogTests",
      dependencies: [
        "Identity", "Basics", "Catalog", "MusicLibrary", "State", "HTTP", "Fixtures", "TestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ReportTests",
      dependencies: ["Identity", "Report", "Catalog", "MusicLibrary", "Templates", "Fixtures", "TestSupport"],
      exclude: ["Golden"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "StateTests",
      dependencies: ["Identity", "Basics", "Catalog", "HTTP", "Night", "Delivery", "State"],
      exclude: ["Fixtures"],
      swiftSettings: strict),
    .testTarget(
      name: "DeliveryTests", dependencies: ["Identity", "Delivery", "HTTP", "TestSupport"], swiftSettings: strict
    ),
    .testTarget(
      name: "DeepcutCLITests",
      dependencies: [
        "Basics", "Identity", "DeepcutCLI", "Options", "Catalog", "HTTP", "Delivery", "MusicLibrary", "Night",
        "Report", "SettingsKit", "Scheduling",
        "TestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "OptionsTests",
      dependencies: [
        "Basics", "Identity", "Options", "DeepcutCLI", "Catalog", "HTTP", "Delivery", "MusicLibrary", "Night", "Report",
        "SettingsKit", "Scheduling", "TestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "TemplatesTests", dependencies: ["Templates"], swiftSettings: strict),
    .testTarget(name: "SettingsKitTests", dependencies: ["SettingsKit"], swiftSettings: strict),
    .testTarget(name: "SchedulingTests", dependencies: ["Scheduling", "TestSupport"], swiftSettings: strict),
    .testTarget(
      name: "NightTests",
      dependencies: ["Identity", "Basics", "Night", "Catalog", "Report", "Delivery", "MusicLibrary", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "Identity",
        "Basics", "deepcut", "deepcut-fuzz", "DeepcutCLI", "Catalog", "Fixtures", "MusicLibrary", "Report",
        "TestSupport",
      ],
      exclude: ["Golden"],
      swiftSettings: strict
    ),
  ]
)
