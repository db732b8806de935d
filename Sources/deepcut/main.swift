import DeepcutCLI

await Deepcut.main()
