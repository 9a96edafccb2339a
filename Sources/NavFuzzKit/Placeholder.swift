public enum NavFuzzKitPlaceholder {}
