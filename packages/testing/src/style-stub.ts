// What a component's CSS import is in unit tests: styles do not exist outside the browser build.
export default {};
