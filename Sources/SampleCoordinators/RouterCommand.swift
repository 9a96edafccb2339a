/// What a coordinator's router can be asked to do (CoordinatorX-style routes).
public enum RouterCommand: Sendable {
    case push(Screen), pop, popToRoot, popTo(Screen), setRoot(Screen), replaceRoot(Screen)
    case present(Screen, PresentationStyle), dismiss, dismissAll, close, set(Screen), none
}
