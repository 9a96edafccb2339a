/// A coordinator library written the way UIKit-era libraries are, used to show verification.
public enum SampleCoordinators {}
