/// When a report of what no earlier one told (the nightly job) tells a release announced ahead of its day.
public enum AnnouncedTelling: String, CaseIterable, Sendable {
  /// When it is announced, under Upcoming, and again on its release day, under New.
  case both
  /// Once, when it is announced: on its day it is not told again.
  case announced
  /// Once, on its release day: nothing is told of it before.
  case releaseDay = "release-day"
}
