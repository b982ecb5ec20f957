export * from "./enums";
export * from "./users";
export * from "./taxonomy";
export * from "./posts";
export * from "./economy";
export * from "./activity";
export * from "./relations";
export * from "./tracking";
