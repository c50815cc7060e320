// SPDX-License-Identifier: Apache-2.0
/// The version of Kinetic's programs: what `kineticd --version` and `kineticctl --version` print and what the server
/// reports in its HELLO (`"kineticd VERSION"`). The one source of the version; the Debian package takes it from here
/// too (scripts/make-deb.sh).
public enum KineticVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let string = "0.1.0"
}
