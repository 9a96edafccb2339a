import Foundation
import NavFuzzDriverServer
import SUIStyleAdapter
import SUIStyleCoordinators

// The SUI-style example's adapter as a driver, so that CI verifies it in another process
// (docs/VERIFY.md §2.4): `NavFuzz verify --driver '.build/debug/SUIStyleDriver'`.
//   --fault NAME   build the library with a bug (repeatable; names: LibraryFault's cases)
//   --serialized   transitions wait their turn
//   --still        no animations: calls never wait (and never overlap)
var faults: Set<LibraryFault> = []
var serialized = false, animated = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--fault":
        guard let name = arguments.popFirst(), let fault = LibraryFault(rawValue: name) else {
            FileHandle.standardError.write(Data("SUIStyleDriver: --fault expects one of \(LibraryFault.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        faults.insert(fault)
    case "--serialized": serialized = true
    case "--still": animated = false
    default:
        FileHandle.standardError.write(Data("SUIStyleDriver: unknown argument '\(argument)' (expected --fault NAME, --serialized or --still)\n".utf8))
        exit(2)
    }
}
exit(await DriverServer.serve(SUICoordinatorSystem(faults: faults, animated: animated, serialized: serialized)))
