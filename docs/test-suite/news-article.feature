# language: fr
Fonctionnalité: news-article — suite de couverture (3 chemins, 5 étapes ; transitions prises : 5 sur 5 (liste exhaustive : 5 chemins, 6 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: news-article-1
    Étant donné que la page est ouverte
    Alors le message « Chargement de l’article… » ; le lien « Toutes les actualités »
    Quand Le serveur répond avec l’article « Budget 2027 adopté »
    Alors le texte « 20 novembre 2026 » ; le texte « Le Grand Conseil a adopté le budget 2027. »

  Scénario: news-article-2
    Étant donné que la page est ouverte
    Alors le message « Chargement de l’article… » ; le lien « Toutes les actualités »
    Quand Le serveur répond que l’article n’existe pas (404)
    Alors le texte « Cet article n’existe pas, ou plus. »

  Scénario: news-article-3
    Étant donné que la page est ouverte
    Alors le message « Chargement de l’article… » ; le lien « Toutes les actualités »
    Quand L’appel de l’article échoue
    Alors l’alerte « L’article n’a pas pu être chargé. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors le message « Chargement de l’article… » ; aucune alerte
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors le message « Connexion lente ou serveur occupé : nouvel essai en cours… »
