// Folder index: `import ... from "./shared"` resolves here, and the re-export below is followed
// when a __capabilities__ expression uses one of these constants.
export * from "./capabilities";
