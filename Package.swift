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
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(
      name: "State",
      dependencies: ["CSQLite"],
      swiftSettings: strict
    ),
    .target(
      name: "MusicLibrary",
      dependencies: ["CLibXML2", "CZlib"],
      swiftSettings: strict
    ),
    .target(
      name: "Templates",
      swiftSettings: strict
    ),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .target(
      name: "CatalogHTTP",
      dependencies: ["CCurl"],
      swiftSettings: strict
    ),
    .target(
      name: "Catalog",
      dependencies: ["MusicLibrary", "State", "CatalogHTTP"],
      swiftSettings: strict
    ),
    .target(
      name: "Report",
      dependencies: ["Catalog", "MusicLibrary", "Templates"],
      swiftSettings: strict
    ),
    .target(
      name: "DeepcutCLI",
      dependencies: ["MusicLibrary", "Catalog", "CatalogHTTP", "State", "Report"],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "deepcut",
      dependencies: ["DeepcutCLI"],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "deepcut-fuzz",
      dependencies: ["MusicLibrary", "Catalog", "Templates", "DeepcutCLI"],
      swiftSettings: strict
    ),
    .target(
      name: "SyntheticLibrary",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "deepcut-bench",
      dependencies: [
        "MusicLibrary", "SyntheticLibrary", "Catalog", "CatalogHTTP", "State", "FakeCatalogServer", "CLibXML2", "CZlib",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "MusicLibraryTests",
      dependencies: ["MusicLibrary", "SyntheticLibrary"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SyntheticLibraryTests",
      dependencies: ["SyntheticLibrary", "MusicLibrary"],
      swiftSettings: strict
    ),
    .target(
      name: "FakeCatalogServer",
      dependencies: ["MusicLibrary"],
      path: "Tests/FakeCatalogServer",
      swiftSettings: strict
    ),
    .testTarget(
      name: "CatalogHTTPTests",
      dependencies: ["CatalogHTTP", "FakeCatalogServer"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "CatalogTests",
      dependencies: ["Catalog", "MusicLibrary", "State", "CatalogHTTP", "FakeCatalogServer"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ReportTests",
      dependencies: ["Report", "Catalog", "MusicLibrary", "Templates"],
      exclude: ["Golden"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "StateTests",
      dependencies: ["State"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TemplatesTests",
      dependencies: ["Templates"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["deepcut", "deepcut-fuzz", "FakeCatalogServer", "SyntheticLibrary", "MusicLibrary"],
      exclude: ["Golden"],
      swiftSettings: strict
    ),
  ]
)
