internal import Basics
internal import Catalog
internal import Foundation
internal import Options

/// For a service asked with the person's own app (Spotify, TIDAL): how to make one, its id and secret (the secret
/// typed without echo), and one token asked with them before anything is written. Without them the rows open a
/// search there, which setup says.
extension Setup {
  mutating func chooseApp() async throws(CLIError) {
    guard let service = try draftedSettings()[\.catalogs.listen], let name = service.catalog,
      let app = settings.registry.named(name) as? any LinkCatalog
    else {
      if let flag = try givenAppFlag() { throw .usage("\(flag) goes with --listen spotify or --listen tidal") }
      return
    }
    let run = try appRun(app)
    let path = app.credentialsPath(run)
    if let given = try givenApp() {
      try await test(app, given, run)
      appCredentials = (path, given, service.name)
      return
    }
    let kept: AppCredentials?
    do {
      kept = try AppCredentials.read(from: path)
    } catch {
      throw .config(error.description)
    }
    if let kept {
      let keep = prompter.asks ? try prompter.confirm("Keep the \(service.name) app in \(path)?") : true
      if keep {
        try await test(app, kept, run)
        return
      }
    }
    guard prompter.asks else {
      Console.out("rows open a \(service.name) search until \(path) holds your app's client_id and client_secret")
      return
    }
    app.appHowTo.forEach { Console.out($0) }
    guard try prompter.confirm("Give deepcut your \(service.name) app now?") else {
      Console.out("rows open a \(service.name) search until then (deepcut setup asks again)")
      return
    }
    while true {
      let id = try prompter.ask("\(service.name) client ID", default: nil, flag: "a client ID") { $0 }
      let secret = Secret(try prompter.secret("\(service.name) client secret (not shown)"))
      let given = AppCredentials(clientID: id, secret: secret)
      do {
        try await test(app, given, run)
        appCredentials = (path, given, service.name)
        return
      } catch {
        Console.out("  \(error.description)")
      }
    }
  }

  /// `--app-credentials FILE`: the app's id and secret as its credentials file holds them, readable by its owner
  /// alone.
  static func credentials(in file: String) throws(CLIError) -> AppCredentials {
    let given: AppCredentials?
    do {
      given = try AppCredentials.read(from: Self.absolute(file))
    } catch {
      throw .usage("--app-credentials: \(error.description)")
    }
    guard let given else {
      throw .usage("--app-credentials: there is no \(file); write client_id = … and client_secret = … in it")
    }
    return given
  }

  /// The app's credentials piped in, or in the file `--app-credentials` names; nil when neither was given.
  func givenApp() throws(CLIError) -> AppCredentials? {
    let file = try settings[\.setup.appCredentials]
    if let pipedApp {
      guard file == nil else { throw .usage("give --app-stdin or --app-credentials FILE, not both") }
      return pipedApp
    }
    return try file.map { (file) throws(CLIError) in try Self.credentials(in: file) }
  }

  /// `--app-stdin` or `--app-credentials`, when one was given.
  func givenAppFlag() throws(CLIError) -> String? {
    if try settings[\.setup.appStdin] { return "--app-stdin" }
    return try settings[\.setup.appCredentials] == nil ? nil : "--app-credentials"
  }

  /// `--app-stdin`: the app's id and secret piped in, as its credentials file holds them.
  static func appFromStandardInput() throws(CLIError) -> AppCredentials {
    let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    do {
      return try AppCredentials.parse(text, path: "--app-stdin (standard input)")
    } catch {
      throw .usage(error.description)
    }
  }

  /// One token with `app`, as a night asks it: a refusal is said, and nothing is written.
  private func test(_ app: any LinkCatalog, _ given: AppCredentials, _ run: ProviderRun) async throws(CLIError) {
    do {
      _ = try await app.token(run, app: given).current()
      Console.out("\(app.title) took the app's credentials")
    } catch {
      throw CLIError.catalog(error)
    }
  }

  /// The run a night would hand the service: its address, its token's, its pace.
  private func appRun(_ app: any LinkCatalog) throws(CLIError) -> ProviderRun {
    let settings = try draftedSettings()
    let today = CalendarDay.today(at: Date())
    let place = try CatalogOptions.place(settings, app)
    return try CatalogOptions.providerRun(
      settings, app, place, finder: FinderOptions(today: today, days: 30), offline: false)
  }

  /// The app's credentials, once the person agreed to the changes: their file, mode 0600.
  func writeAppCredentials() throws(CLIError) {
    guard let (path, app, service) = appCredentials else { return }
    let text = AppCredentials.fileText(service: service, clientID: app.clientID, secret: app.secret)
    try OutputFile.write(Data(text.utf8), to: path, mode: OwnerOnlyFile.mode)
    Console.out("wrote the \(service) app's credentials to \(path) (mode 0600; only you can read them)")
  }
}
