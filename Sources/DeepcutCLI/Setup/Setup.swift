internal import Basics
internal import Catalog
internal import Delivery
internal import Foundation
internal import Options
internal import Scheduling
internal import SettingsKit

/// One run of `deepcut setup`, as named steps: the library, how the person is told (e-mail, push or both), the
/// addresses, the catalogs, the mail route and its test e-mail, the push channels and their test messages, then — only
/// once every route works — the files, and last the schedule. Nothing is written before every answer is checked, so a
/// setup that stops leaves nothing half-installed.
struct Setup {
  /// The command line over the configuration as it was: a flag is an answer, the file's value a default.
  let settings: Resolved
  let prompter: Prompter
  let installer: ScheduleInstaller
  let configPath: String
  /// The configuration as it will be written.
  var draft: ConfigEdit
  let configExisted: Bool
  /// The mail server's password, from standard input or typed, until it is written to its file. Never shown: the
  /// test e-mail reads it as a run reads DEEPCUT_SMTP_PASSWORD.
  var password: String?
  /// After a test e-mail failed: the route's questions are asked again, whatever the flags said.
  var retrying = false
  /// How many artists the library has: what a catalog's first night asks about.
  var libraryArtists: Int?
  /// Where the library shows the person listens: Apple Music when most of its tracks are Apple Music's.
  var listensOn: ListeningService?
  /// The app's credentials for the service where the person listens, once tested, until written: their file, and
  /// the service's name.
  var appCredentials: (path: String, app: AppCredentials, service: String)?
  /// How the nightly news reaches the person.
  var telling = Telling.email
  /// How often: every night, or once a week in one digest.
  var cadence = Cadence.nightly
  /// The push channels' addresses piped in with `--push-stdin`, read before any question.
  var pipedChannels: [PushAddress]?
  /// The app's credentials piped in with `--app-stdin`, read before any question.
  var pipedApp: AppCredentials?
  /// The push channels once each took its test message, until their file is written (or kept).
  var pushDraft: PushChannelsDraft?

  init(_ settings: Resolved, installer: ScheduleInstaller) throws(CLIError) {
    self.settings = settings
    self.installer = installer
    let yes = try settings[\.setup.yes]
    try Self.checkPiped(settings, yes: yes)
    if !yes, !Platform.isTerminal(STDIN_FILENO) {
      throw .usage("setup asks its questions on a terminal; without one, pass --yes with the flags it needs")
    }
    prompter = Prompter(asks: !yes)
    guard let path = try settings[\.run.config] else { throw .usage("setup needs --config PATH: HOME is not set") }
    // The schedule runs elsewhere than here: every path it is given is absolute.
    configPath = Self.absolute(path)
    configExisted = FileManager.default.fileExists(atPath: path)
    let text = configExisted ? try Self.read(path) : ""
    draft = try Self.editing { () throws(SettingsError) in try Self.draft(text, path: path) }
    if try settings[\.setup.passwordStdin] { password = try Self.passwordFromStandardInput() }
    if try settings[\.setup.pushStdin] { pipedChannels = try Self.channelsFromStandardInput() }
    if try settings[\.setup.appStdin] { pipedApp = try Self.appFromStandardInput() }
  }

  /// `--password-stdin`, `--push-stdin` and `--app-stdin` read a pipe or a file, under `--yes`, and one at a time:
  /// standard input holds one of them.
  static func checkPiped(_ settings: Resolved, yes: Bool) throws(CLIError) {
    let piped: [(KeyPath<SettingsTable, Setting<Bool>>, String)] = [
      (\.setup.passwordStdin, "the password"), (\.setup.pushStdin, "the channels' URLs"),
      (\.setup.appStdin, "the app's credentials"),
    ]
    var given: [String] = []
    for (path, holds) in piped where try settings[path] {
      let flag = "--" + (SettingsTable.standard[keyPath: path].flag ?? "")
      guard yes else {
        throw .usage("\(flag) goes with --yes: standard input holds \(holds), so setup can ask nothing")
      }
      // Read from a terminal, a secret would be shown as it is typed.
      guard !Platform.isTerminal(STDIN_FILENO) else {
        throw .usage("\(flag) reads a pipe or a file: deepcut setup --yes ... \(flag) < FILE")
      }
      given.append(flag)
    }
    if given.count > 1 {
      throw .usage(
        "\(given.joined(separator: " and ")) \(given.count == 2 ? "both" : "all") read standard input: pipe one in, "
          + "and write the others to files (chmod 600) given as --push-channels FILE or --app-credentials FILE")
    }
  }

  mutating func run() async throws(CLIError) -> ExitStatus {
    Console.out(
      "Setting up deepcut's nightly news; \(prompter.asks ? "Enter takes the [default]." : "asking nothing.")")
    guard try chooseLibrary() else {
      Console.out("nothing written, nothing scheduled")
      return .success
    }
    // Read once: reading a crontab that cannot be read warns.
    let installed = await installer.installed()
    try chooseCadence(installed: installed)
    try chooseTelling()
    if telling.mails { try chooseAddresses() } else { try leaveOutMail() }
    try chooseCatalogs()
    try chooseListening()
    try await chooseApp()
    if telling.mails { try await chooseRouteAndTestIt() }
    if telling.pushes { try await choosePushChannels() }
    let schedule = try chooseSchedule(installed: installed)
    guard try writeFiles() else {
      Console.out("nothing written, nothing scheduled")
      return .success
    }
    try await install(schedule)
    return .success
  }

  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : URL(fileURLWithPath: path).standardizedFileURL.path
  }

  // MARK: - Files

  /// Once the person agreed to the changes (with `--yes`, at once): the password file, the push channels, then
  /// config.json, each written whole or not at all; false when the person declined them, and nothing was written.
  mutating func writeFiles() throws(CLIError) -> Bool {
    if password != nil { try set(\.mail.smtp.passwordFile, to: passwordFile, needed: true) }
    var changes = pushDraft?.changesDescribed.map { [$0] } ?? []
    if configExisted, !draft.changes.isEmpty {
      changes.insert("\(configPath) changes:\n\(draft.changesDescribed)", at: 0)
    }
    if !changes.isEmpty {
      changes.forEach { Console.out($0) }
      guard try prompter.confirm("Write these changes?") else { return false }
    }
    do {
      try SetupFiles.makeFolder(URL(fileURLWithPath: configPath).deletingLastPathComponent().path)
    } catch {
      throw CLIError(error)
    }
    try writeAppCredentials()
    try writePushChannels()
    if let password {
      try OutputFile.write(Data(password.utf8), to: passwordFile, mode: OwnerOnlyFile.mode)
      Console.out("wrote the password to \(passwordFile) (mode 0600; only you can read it)")
    }
    guard !draft.changes.isEmpty else {
      Console.out("\(configPath): unchanged")
      return true
    }
    try OutputFile.write(Data(draft.text.utf8), to: configPath, mode: OwnerOnlyFile.mode)
    Console.out("wrote \(configPath)")
    return true
  }

  /// Beside the config, so one folder holds what setup wrote.
  var passwordFile: String {
    (try? settings[\.mail.smtp.passwordFile]) ?? URL(fileURLWithPath: configPath).deletingLastPathComponent().path
      + "/smtp-password"
  }

  static func read(_ path: String) throws(CLIError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .config("\(path): cannot read the configuration file")
    }
    return String(decoding: data, as: UTF8.self)
  }

  static func passwordFromStandardInput() throws(CLIError) -> String {
    var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    while text.last?.isNewline == true { text.removeLast() }
    guard !text.isEmpty else { throw .usage("--password-stdin read nothing: pipe the password in") }
    return text
  }

  // MARK: - The schedule

  /// How often the person is told, asked before how: kept in config.json, for the night to speak of "this week", and
  /// the day the schedule runs on. A weekly schedule found with no word of it in the file is taken as the answer.
  mutating func chooseCadence(installed: InstalledSchedule?) throws(CLIError) {
    cadence = try answer(
      \.ledger.every, "Every night, or once a week in one digest (night, or a day like saturday)",
      default: current(\.ledger.every) ?? installed?.cadence.text ?? Cadence.nightly.text)
    try set(\.ledger.every, to: cadence, needed: current(\.ledger.every) == nil && cadence != .nightly)
  }

  /// What starts the job and when: asked before anything is written, so a wrong answer costs nothing.
  func chooseSchedule(installed: InstalledSchedule?) throws(CLIError) -> Schedule? {
    let kind = try answer(
      \.setup.schedule,
      "What starts the \(cadence.weekday == nil ? "nightly" : "weekly") job (cron, systemd, launchd or none)",
      default: installed?.kind.rawValue ?? ScheduleKind.systemDefault(environment: settings.environment).rawValue)
    let time = try answer(
      \.setup.at, "At what time (HH:MM)",
      default: installed.map { TimeOfDay(hour: $0.hour, minute: $0.minute).text } ?? TimeOfDay.nightly.text)
    return kind.map { Schedule(kind: $0, cadence: cadence, time: time) }
  }

  /// What setup schedules: with what, how often, at what time.
  struct Schedule {
    var kind: ScheduleKind
    var cadence: Cadence
    var time: TimeOfDay
  }

  /// The program in its stable place, and the schedule that runs it with this configuration and state folder; the
  /// installer says what it did.
  func install(_ schedule: Schedule?) async throws(CLIError) {
    guard let schedule else { return }
    let current = Platform.executablePath ?? CommandLine.arguments[0]
    var program = (path: current, said: "")
    if schedule.kind != .none {
      do {
        program = try stableProgram(current: current, environment: settings.environment)
      } catch {
        throw CLIError(error)
      }
      try SetupCopy(configFolder: configFolder).remember(program)
      Console.out(program.said)
    }
    var job = NightlyJob.nightly(
      program: program.path, config: configPath == standardConfig ? nil : configPath,
      at: (schedule.time.hour, schedule.time.minute), cadence: schedule.cadence)
    job.arguments += try stateFolderArguments()
    let said: [String]
    do {
      said = try await installer.install(job, kind: schedule.kind)
    } catch {
      throw CLIError(error)
    }
    for line in said { Console.out(line) }
    Console.out("'deepcut status' tells how the nights went; 'deepcut nightly' runs one now.")
  }

  /// cron and launchd give a job no XDG variables: the places they named here are said on its command line.
  var standardConfig: String { SetupFiles.home(environment: settings.environment) + "/.config/deepcut/config.json" }

  func stateFolderArguments() throws(CLIError) -> [String] {
    let standard = SetupFiles.home(environment: settings.environment) + "/.local/state/deepcut"
    let state = Self.absolute(try settings[\.run.stateDirectory])
    return draft.value(at: "stateDir") != nil || state == standard ? [] : ["--state-dir", state]
  }

  var configFolder: String { URL(fileURLWithPath: configPath).deletingLastPathComponent().path }
}

/// The copy of deepcut setup made for the schedule, remembered beside the config, so that `--uninstall` removes it
/// and nothing else: not a deepcut the person put in ~/.local/bin, nor a packaged one.
struct SetupCopy {
  let configFolder: String
  var marker: String { configFolder + "/.setup-copy" }

  /// Remembers `program` when setup copied it (or found its earlier copy); forgets the copy when it runs another.
  func remember(_ program: (path: String, said: String)) throws(CLIError) {
    if program.said.hasPrefix("copied ") || program.said.contains("a copy of this deepcut made before") {
      do {
        try SetupFiles.makeFolder(configFolder)
      } catch {
        throw CLIError(error)
      }
      try OutputFile.write(Data((program.path + "\n").utf8), to: marker, mode: OwnerOnlyFile.mode)
    } else if remembered != program.path {
      try? FileManager.default.removeItem(atPath: marker)
    }
  }

  var remembered: String? {
    (try? String(contentsOfFile: marker, encoding: .utf8)).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  /// Removes the copy, when it is still there, and the note of it; what to tell the user.
  func remove() -> [String] {
    guard let copy = remembered else { return [] }
    try? FileManager.default.removeItem(atPath: marker)
    guard copy.hasPrefix("/"), FileManager.default.fileExists(atPath: copy) else { return [] }
    return [SetupFiles.remove(copy)]
  }
}

extension Setup {
  /// What a configuration file setup starts holds above its object.
  static let configHeader =
    "// deepcut's settings, written by 'deepcut setup'; 'deepcut config --example' shows every key."

  /// The configuration file's text as setup edits it.
  static func draft(_ text: String, path: String) throws(SettingsError) -> ConfigEdit {
    try ConfigEdit(text: text, path: path, header: configHeader, seeAlso: "see 'deepcut config --example'")
  }

  /// An edit of the draft, failing as a command fails.
  static func editing<Result>(_ edit: () throws(SettingsError) -> Result) throws(CLIError) -> Result {
    do {
      return try edit()
    } catch {
      throw CLIError(error)
    }
  }
}
