import AppNavFuzz
import Foundation
import NavFuzzDriverServer

// The adapter as a driver: on standard input and output (`NavFuzz verify --driver AppDriver`),
// or with `--port N` on 127.0.0.1:N, for an adapter in an app NavFuzz does not start
// (`NavFuzz verify --connect N`).
let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { $0 + 1 < arguments.count ? UInt16(arguments[$0 + 1]) : nil }
let adapter = TemplateAdapter(makeFlow: { ScreenFlow() })
exit(await DriverServer.serve(adapter, over: port.map { .loopback(port: $0) } ?? .standardIO))
