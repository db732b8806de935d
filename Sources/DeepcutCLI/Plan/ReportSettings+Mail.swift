internal import Basics
internal import Delivery
internal import Foundation
internal import Report

/// `--send`: where the e-mail is delivered, every part of it checked before the catalog is asked anything, so a
/// mistake in the mail settings costs no night.
extension ReportSettings {
  static func delivery(
    _ settings: Resolved, format: FormatName, pushing: Bool
  ) throws(CLIError) -> (any DeliveryChannel)? {
    guard try settings[\.mail.send] else { return nil }
    guard format == FormatName(EmailFormat.self) else {
      // email.send is for the nightly e-mail; a report asked for by hand in another format is only pushed.
      if settings.onCommandLine(\.mail.send), !pushing {
        throw .usage("--send goes with --format email, or with push channels (--push-channels FILE)")
      }
      return nil
    }
    return try MailRoutes.standard.channel(settings)
  }

  /// email.from; without it, mail sent as a user that is an address comes from that address, which is what a mail
  /// provider's submission server accepts; else the default sender.
  static func sender(_ settings: Resolved) throws(CLIError) -> String {
    if let from = try settings.given(\.mail.from) { return from }
    if try settings[\.mail.smtp.url] != nil, let user = try settings[\.mail.smtp.user], user.contains("@") {
      return "\(Product.name) <\(user)>"
    }
    return try settings[\.mail.from]
  }
}
