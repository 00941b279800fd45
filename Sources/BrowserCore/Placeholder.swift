// BrowserCore
